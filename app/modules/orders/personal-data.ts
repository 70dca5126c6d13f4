import type { FulfilmentState } from "~/terms/fulfilment-states";

/**
 * What staff see of a customer (issue 40, decision 61). Packing needs the phone, the address and
 * the notes, so staff see them in full while an order is in the packing steps: paid, and not yet
 * delivered or collected. Elsewhere (unpaid, failed, done, the list) they see enough to tell
 * orders apart and no more: '07•• ••• 678', 'w•••@example.co.ke'. Owners see everything. Pure,
 * so the rules are tested without a database or a browser.
 */

export const MASK = "•••";

/** A stored number (2547XXXXXXXX) as '07•• ••• 678'; anything else keeps only its last 3. */
export function maskPhone(stored: string): string {
  const match = /^254(\d)\d{5}(\d{3})$/.exec(stored);
  if (match) return `0${match[1]}•• ••• ${match[2]}`;
  return stored.length > 3 ? `${MASK} ${stored.slice(-3)}` : MASK;
}

/** 'wanjiru@example.co.ke' as 'w•••@example.co.ke'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email ? MASK : "";
  return `${email[0]}${MASK}${email.slice(at)}`;
}

const maskText = (text: string | null) => (text ? MASK : text);

/** The steps in which staff pack and send a paid order, and so need the customer's details. */
const PACKING: readonly (FulfilmentState | null)[] = [null, "to_pack", "ready_for_pickup", "sent"];

export function inPackingSteps(order: {
  paid: boolean;
  status: string;
  fulfilment: { state: FulfilmentState | null };
}): boolean {
  return order.paid && order.status !== "Failed" && PACKING.includes(order.fulfilment.state);
}

type Customer = {
  name: string;
  phone: string;
  email: string;
  address: string | null;
  city: string | null;
  notes: string | null;
};

/** The customer with the phone, email, address and notes masked (the name and town stay). */
export function maskedCustomer<C extends Customer>(customer: C): C & { masked: true } {
  return {
    ...customer,
    phone: maskPhone(customer.phone),
    email: maskEmail(customer.email),
    address: maskText(customer.address),
    notes: maskText(customer.notes),
    masked: true,
  };
}

/** A message's recipient (a phone or an email) as staff see it outside the packing steps. */
export const maskRecipient = (recipient: string) =>
  recipient.includes("@") ? maskEmail(recipient) : maskPhone(recipient);
