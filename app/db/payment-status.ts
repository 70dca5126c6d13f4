/**
 * A payment provider's answer about one payment, in the shop's own terms, as the orders table
 * stores it (`orders.payment_status`). Each provider's adapter in modules/payments maps its
 * answers onto this shape.
 */
export type PaymentState = "COMPLETED" | "FAILED" | "REVERSED" | "PENDING";

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
  /** The provider's own answer as received, kept for investigation; the shop never reads it. */
  providerAnswer?: unknown;
};
