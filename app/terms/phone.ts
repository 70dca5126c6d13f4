/**
 * A stored Kenyan number (2547XXXXXXXX or 2541XXXXXXXX) as people write it: '0712 345 678'. Any
 * other text is shown as it is. Links (tel:, WhatsApp) keep the stored form.
 */
export function readablePhone(stored: string): string {
  const match = /^254(\d{3})(\d{3})(\d{3})$/.exec(stored);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : stored;
}

/** Optional +254, 254 or 0, then 1 or 7, then 8 more digits (spaces and dashes ignored). */
const KENYAN_PHONE = /^(?:\+254|254|0)?([17]\d{8})$/;

export function normaliseKenyanPhone(input: string): string | null {
  const match = KENYAN_PHONE.exec(input.replace(/[\s-]/g, ""));
  return match ? `254${match[1]}` : null;
}
