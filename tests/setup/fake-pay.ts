import { randomUUID } from "node:crypto";
import {
  PaymentError,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  type PaymentStatus,
} from "~/modules/payments/provider";

/**
 * A payment provider that is not Pesapal: its own names, references and notification shape. It
 * answers the status a test sets, so settlement is proven against the PaymentProvider contract
 * alone.
 */
export class FakePay implements PaymentProvider {
  readonly name = "fake-pay";
  readonly payments = new Map<string, PaymentStatus>();
  statusQueries = 0;

  async submitOrder(request: PaymentRequest) {
    const reference = `FP-${randomUUID()}`;
    this.payments.set(reference, {
      state: "PENDING",
      amount: request.amount,
      currency: request.currency,
      merchantReference: request.orderId,
      paymentMethod: null,
      confirmationCode: null,
      description: null,
      providerAnswer: { fakeStatus: "WAITING" },
    });
    return { reference, redirectUrl: `https://pay.fake.example/checkout/${reference}` };
  }

  async getStatus(reference: string) {
    this.statusQueries++;
    const payment = this.payments.get(reference);
    if (!payment) throw new PaymentError("No such payment.", "unknown_payment");
    return payment;
  }

  /** Its notifications are JSON bodies like {"paymentRef": "..."}. */
  async readNotification(request: Request) {
    const body = (await request.json().catch(() => ({}))) as { paymentRef?: unknown };
    if (typeof body.paymentRef !== "string") return new Response("No paymentRef.", { status: 400 });
    return {
      reference: body.paymentRef,
      reply: (handled: boolean) =>
        Response.json({ received: handled }, { status: handled ? 200 : 503 }),
    };
  }

  referenceFromReturn(url: URL) {
    return url.searchParams.get("fp_ref");
  }

  /** What the provider would say after the shopper acted. */
  set(reference: string, state: PaymentState, facts: Partial<PaymentStatus> = {}) {
    this.payments.set(reference, {
      ...this.payments.get(reference)!,
      state,
      ...facts,
      providerAnswer: { fakeStatus: state.toLowerCase() },
    });
  }
}
