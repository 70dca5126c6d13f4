import type { PaymentFailure } from "~/terms/payment-status";

/**
 * Pesapal passes on the processor's words for a failed payment in its status answer's
 * `description` ("Unable to Authorize Transaction.Kindly contact your bank for assistance",
 * M-Pesa's "Request cancelled by user"...). Read here into the shop's terms, never shown as they
 * are: words not recognised give null, and the shopper hears that Pesapal did not accept it.
 */
const READINGS: [RegExp, PaymentFailure][] = [
  [/card.*expired|expired card/i, "declined"],
  [/cancel/i, "cancelled"],
  [/insufficient|balance|not enough|funds/i, "insufficient_funds"],
  [/time ?out|timed out|expired|cannot be reached|unreachable|no response/i, "timed_out"],
  [/\bpin\b|initiator information/i, "wrong_pin"],
  [/declin|authori[sz]|do not honou?r|bank|card/i, "declined"],
];

export function pesapalFailure(description: unknown): PaymentFailure | null {
  if (typeof description !== "string" || !description.trim()) return null;
  return READINGS.find(([words]) => words.test(description))?.[1] ?? null;
}
