/**
 * A payment provider's answer about one payment, in the shop's own terms, as the orders table
 * stores it (`orders.payment_status`). Each provider's adapter in modules/payments maps its
 * answers onto this shape.
 */
export type PaymentState = "COMPLETED" | "FAILED" | "REVERSED" | "PENDING";

/** Why a payment failed, as far as the provider's answer says, in the shop's own terms. */
export type PaymentFailure =
  | "cancelled"
  | "insufficient_funds"
  | "timed_out"
  | "wrong_pin"
  | "declined"
  /** Another M-Pesa request was already open for the phone number. */
  | "busy";

/** A provider's answer about one payment, normalised. Stored with the order as it is. */
export type PaymentStatus = {
  state: PaymentState;
  amount: number;
  currency: string;
  /** The order id the provider holds the payment under (the shop's merchant reference). */
  merchantReference: string;
  paymentMethod: string | null;
  confirmationCode: string | null;
  description: string | null;
  /**
   * For a failed payment, why, when the provider's answer says (the shopper is told in plain
   * words); absent in answers stored before the shop read it.
   */
  failure?: PaymentFailure | null;
  /** The provider's own answer as received, kept for investigation; the shop never reads it. */
  providerAnswer?: unknown;
};

/**
 * Where one payment attempt of an order stands (`payment_attempts.state`): `open` while its
 * provider may still take the money (at most one per order), `paid` once the provider proved it
 * paid, `failed` once it proved it will not be, `replaced` when the shopper chose another attempt
 * before this one ended (it is still asked about until it surely has).
 */
export type PaymentAttemptState = "open" | "paid" | "failed" | "replaced";

/** What a provider's notification claimed about an attempt: kept, never trusted on its own. */
export type NotificationClaim = {
  resultCode?: number;
  amount?: number | null;
  /** The provider's receipt (M-Pesa's MpesaReceiptNumber), the confirmation code once proven. */
  receipt?: string | null;
  phone?: string | null;
};
