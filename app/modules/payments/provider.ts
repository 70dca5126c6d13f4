/**
 * What the shop needs from a payment provider, in the shop's own terms. The Pesapal client maps
 * Pesapal's shapes onto these; nothing outside payments/ sees a Pesapal field name.
 */
export type PaymentState = "COMPLETED" | "FAILED" | "REVERSED" | "PENDING";

export type PaymentStatus = {
  state: PaymentState;
  /** Pesapal's status_code: 0 invalid or not yet paid, 1 completed, 2 failed, 3 reversed. */
  code: number;
  amount: number;
  currency: string;
  merchantReference: string;
  paymentMethod: string | null;
  confirmationCode: string | null;
  description: string | null;
  /** The provider's answer as received, kept with the order. */
  raw: unknown;
};

export type PaymentRequest = {
  /** Our order id, sent as the merchant reference. */
  reference: string;
  amount: number;
  currency: "KES";
  description: string;
  callbackUrl: string;
  customer: { name: string; email: string; phone: string; address: string; city: string };
};

export interface PaymentProvider {
  /** Registers the order with the provider; answers where to send the shopper to pay. */
  submitOrder(request: PaymentRequest): Promise<{ trackingId: string; redirectUrl: string }>;
  /** Asks the provider for a transaction's current status: the only source of truth. */
  getStatus(trackingId: string): Promise<PaymentStatus>;
}

/** A provider call that failed: unreachable, timed out, refused, or answered with an error. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string = "payment_error",
  ) {
    super(message);
  }
}
