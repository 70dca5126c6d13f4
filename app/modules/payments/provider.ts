/**
 * What the shop needs from a payment provider, in the shop's own terms. Each provider's adapter
 * (payments/pesapal/, ...) maps its shapes onto these; nothing outside payments/ sees a provider's
 * field name, URL or status code. How a provider plugs in: docs/decisions (payment providers).
 */
// The normalised status is stored with each order, so its shape belongs to the database layer.
import type { NotificationClaim, PaymentFailure, PaymentStatus } from "~/terms/payment-status";

export type {
  NotificationClaim,
  PaymentFailure,
  PaymentState,
  PaymentStatus,
} from "~/terms/payment-status";

export type PaymentRequest = {
  /** Our order id. */
  orderId: string;
  /** This request's merchant reference (see merchantReference); the order id when not given. */
  merchantReference?: string;
  /** The short reference the shopper knows the order by (shown on an M-Pesa prompt). */
  orderReference: string;
  amount: number;
  currency: "KES";
  description: string;
  /** Where the provider sends the shopper back to after paying. */
  callbackUrl: string;
  customer: { name: string; email: string; phone: string; address: string; city: string };
  /** The attempt's unguessable token: a provider that calls back puts it in its callback's path. */
  token: string;
  /** The shop's page that waits while the shopper pays away from it (on their phone). */
  waitingUrl: string;
  /** The M-Pesa number to ask, when the shopper gave one; else the customer's phone. */
  payerPhone?: string;
  /** The shop's name, as a prompt on the payer's phone names who asks. */
  payee?: string;
};

/** What the shop knows of an attempt when it asks the provider about it. */
export type AttemptFacts = {
  /** The amount asked for. */
  amount: number;
  /** The merchant reference the attempt was sent with. */
  merchantReference: string;
  /** What the provider's notification claimed, if one came. */
  claim: NotificationClaim | null;
};

/** A notification read from a provider's request: the payment to ask about, and how to answer. */
export type PaymentNotification = {
  /** The provider's reference of the payment the notification is about. */
  reference: string;
  /** The attempt's token from the notification's address, for a provider that puts one there. */
  token?: string;
  /** What the notification claims about the payment, kept with the attempt and proven later. */
  claim?: NotificationClaim;
  /** The answer the provider expects: `handled` false asks it to send the notification again. */
  reply(handled: boolean): Response;
};

export interface PaymentProvider {
  /** The name orders record (`orders.payment_provider`) and the registry finds it by. */
  readonly name: string;
  /**
   * How long an attempt can stay unanswered (an M-Pesa prompt expires): after it, an attempt the
   * provider still calls unfinished is failed. Unset: the provider is asked for days (a page).
   */
  readonly attemptExpiresMs?: number;
  /** Registers the order with the provider; answers its reference and where the shopper pays. */
  submitOrder(request: PaymentRequest): Promise<{ reference: string; redirectUrl: string }>;
  /** Asks the provider for a payment's current status: the only source of truth. */
  getStatus(reference: string, attempt: AttemptFacts): Promise<PaymentStatus>;
  /**
   * Asks the provider to give money back for a completed payment; a refusal (its rules: one
   * refund per payment, mobile money in full only) is a PaymentError with code "refund_refused".
   * Absent: the provider cannot refund, and the owner refunds by hand.
   */
  refund?(request: RefundRequest): Promise<{ message: string }>;
  /** Demo mode: what the emulated phone shows for this payment, and where its buttons post. */
  demoPhone?(reference: string): DemoPhone | null;
  /**
   * Reads a notification the provider sent to the shop. It carries no authority: it only names
   * the payment to ask about. A malformed one is answered with the returned 4xx response.
   */
  readNotification(request: Request): Promise<PaymentNotification | Response>;
  /** The payment reference in the shopper's return from the provider's page, if it sent them. */
  referenceFromReturn?(url: URL): string | null;
}

/** Money given back for a completed payment, asked of the provider that took it. */
export type RefundRequest = {
  /** The provider's confirmation code of the payment. */
  confirmationCode: string;
  /** Whole shillings, at most what was paid. */
  amount: number;
  /** Who asks (the owner's name or email), as the provider records it. */
  by: string;
  reason: string;
};

/** Demo mode's emulated phone for one payment. */
export type DemoPhone = {
  /** Where the phone's buttons post (with `answer` and `back`). */
  action: string;
  amount: number;
  /** Who the prompt says is asking (TransactionDesc), and the account it names. */
  payee?: string;
  accountReference?: string;
  open: boolean;
  /** The other outcomes a tester may choose, by the `answer` each posts. */
  outcomes: { answer: string; label: string }[];
};

/** A provider call that failed: unreachable, timed out, refused, or answered with an error. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string = "payment_error",
    /** The shopper's side of it (their phone has another prompt open), when that is the reason. */
    readonly failure?: PaymentFailure,
  ) {
    super(message);
  }
}

/**
 * The merchant reference of an order's nth payment request. Providers refuse a reference used
 * before, so a resumed checkout sends the order id with "-n": letters, digits and "-" only, at
 * most 50 characters, as Pesapal asks.
 */
export function merchantReference(orderId: string, attempt: number): string {
  return attempt > 1 ? `${orderId}-${attempt}` : orderId;
}

/** Whether a provider's merchant reference names this order (any of its payment requests). */
export function isMerchantReferenceOf(reference: string, orderId: string): boolean {
  if (reference === orderId) return true;
  return (
    reference.startsWith(`${orderId}-`) &&
    /^[1-9]\d{0,5}$/.test(reference.slice(orderId.length + 1))
  );
}
