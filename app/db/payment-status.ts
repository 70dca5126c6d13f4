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
  | "declined";

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
