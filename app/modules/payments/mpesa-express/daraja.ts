import type { PaymentFailure } from "~/terms/payment-status";

/**
 * Pure pieces of Safaricom's Daraja M-Pesa Express (STK push) contract, shared by the client, the
 * emulator and the checkout form: the timestamp and password every request carries, the phone
 * number format it takes, and what each result code means for the shop.
 */

/** At most this many characters of AccountReference reach the shopper's phone. */
export const MAX_ACCOUNT_REFERENCE = 12;
/** At most this many characters of TransactionDesc, as Daraja documents. */
export const MAX_TRANSACTION_DESC = 13;
/** M-Pesa's cap on one payment, in whole shillings. */
export const MAX_MPESA_AMOUNT = 250_000;

/** Kenya keeps UTC+3 all year round (no daylight saving). */
const KENYA_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/**
 * `YYYYMMDDHHmmss` in Kenyan time. Computed from the UTC fields shifted by three hours, so the
 * machine's own time zone (TZ) never changes the answer.
 */
export function darajaTimestamp(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("A Daraja timestamp needs a valid date.");
  const k = new Date(time + KENYA_OFFSET_MS);
  return (
    pad(k.getUTCFullYear(), 4) +
    pad(k.getUTCMonth() + 1) +
    pad(k.getUTCDate()) +
    pad(k.getUTCHours()) +
    pad(k.getUTCMinutes()) +
    pad(k.getUTCSeconds())
  );
}

/** base64 of UTF-8 text, without Buffer, so this file also runs in a browser. */
function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The Password of a push or query: base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return base64(`${shortcode}${passkey}${timestamp}`);
}

/**
 * The TransactionDesc of a prompt: the shop's name within Daraja's 13 characters, cut at a word's
 * end when it is longer, so whoever gets the prompt reads who is asking. Only letters, digits,
 * spaces and `& . ' -` are kept: Daraja refuses some other characters in this field.
 */
export function promptDescription(shopName: string): string {
  const plain = shopName
    .replace(/[^\p{L}\p{N} &.'-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const letters = Array.from(plain);
  if (letters.length <= MAX_TRANSACTION_DESC) return plain;
  const cut = letters.slice(0, MAX_TRANSACTION_DESC + 1).join("");
  const atWord = cut.slice(0, cut.lastIndexOf(" ")).trim();
  return atWord || letters.slice(0, MAX_TRANSACTION_DESC).join("");
}

/**
 * A Kenyan mobile number as Daraja takes it, `2547XXXXXXXX` or `2541XXXXXXXX`, from what a
 * shopper types: 0712 345 678, 712345678, +254 712-345-678, 254.712.345.678, 0110 000 000,
 * +254 0712 345678, 00254712345678. Anything else (another country, wrong length, letters) is
 * null, so the form can say so before a push is tried.
 */
export function mpesaPhone(input: string): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const compact = input.trim().replace(/[\s.\-()]/g, "");
  const match = /^(?:(?:\+|00)?254)?0?([17]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

/**
 * The result codes met in practice, with what each means in a few words (the emulator's phone
 * screen offers them as outcomes).
 */
export const STK_RESULT_CODES = {
  0: "Paid",
  1: "Insufficient balance",
  1001: "Another M-Pesa transaction in progress for the number",
  1019: "Transaction expired",
  1025: "Error on Safaricom's side while sending the prompt",
  1032: "Cancelled by the shopper",
  1037: "Phone unreachable or prompt timed out",
  2001: "Wrong PIN",
  9999: "Error on Safaricom's side",
} as const;

export type StkResultCode = keyof typeof STK_RESULT_CODES;

const FAILURES: Partial<Record<number, PaymentFailure>> = {
  1: "insufficient_funds",
  1001: "busy",
  1019: "timed_out",
  1032: "cancelled",
  1037: "timed_out",
  2001: "wrong_pin",
};

/** A result code as a number, from a number or a numeric string; null when it is neither. */
export function resultCodeNumber(code: unknown): number | null {
  if (typeof code === "number") return Number.isSafeInteger(code) ? code : null;
  if (typeof code !== "string") return null;
  const trimmed = code.trim();
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * What a result code (from the callback or the query) means for the shop. Only 0 is paid; the
 * codes the shopper can act on get a failure reason, Safaricom's own errors (1025, 9999) and
 * codes not known here fail without one.
 */
export function stkResult(code: number | string): {
  state: "COMPLETED" | "FAILED";
  failure: PaymentFailure | null;
} {
  const value = resultCodeNumber(code);
  if (value === 0) return { state: "COMPLETED", failure: null };
  return { state: "FAILED", failure: (value !== null && FAILURES[value]) || null };
}

/** The demo phone's answer for a payment whose callback claims KSh 1 instead of the amount asked. */
export const WRONG_AMOUNT = "wrong-amount";
