import type { OrderStatus } from "~/db/schema";
import type { PaymentStatus } from "~/modules/payments/provider";

/**
 * What a payment status from Pesapal does to an order (DESIGN.md point 3), as a pure decision.
 * Settlement moves an order only out of Pending and never overrides a status an admin set, but it
 * always records new payment facts. A Completed status whose amount, currency or merchant
 * reference differs from the order is a mismatch to investigate, never a payment. The same status
 * seen again (a repeated or late notification) changes nothing and records nothing.
 */
export type SettlementOrder = {
  id: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  /** The fingerprint of the last payment status recorded for the order, if any. */
  lastPayment: string | null;
};

export type SettlementDecision = {
  status?: OrderStatus;
  facts?: { paymentMethod: string | null; confirmationCode: string | null };
  event?: { kind: string; details: Record<string, unknown> };
  /** Store this status as the order's latest payment status. */
  record: boolean;
};

export function paymentFingerprint(
  p: Pick<
    PaymentStatus,
    "code" | "paymentMethod" | "confirmationCode" | "amount" | "currency" | "merchantReference"
  >,
) {
  return [
    p.code,
    p.paymentMethod ?? "",
    p.confirmationCode ?? "",
    p.amount,
    p.currency,
    p.merchantReference,
  ].join("|");
}

export function decideSettlement(
  order: SettlementOrder,
  payment: PaymentStatus,
): SettlementDecision {
  // Not paid yet (status 0): nothing to record; Pesapal or the reconciliation will ask again.
  if (payment.state === "PENDING") return { record: false };
  if (paymentFingerprint(payment) === order.lastPayment) return { record: false };

  const details = {
    statusCode: payment.code,
    paymentMethod: payment.paymentMethod,
    confirmationCode: payment.confirmationCode,
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.merchantReference,
  };
  const pending = order.status === "Pending";

  if (payment.state === "COMPLETED") {
    const matches =
      payment.amount === order.amount &&
      payment.currency.toUpperCase() === order.currency.toUpperCase() &&
      payment.merchantReference === order.id;
    if (!matches) {
      return {
        record: true,
        event: {
          kind: "payment_mismatch",
          details: {
            ...details,
            expected: { amount: order.amount, currency: order.currency, reference: order.id },
          },
        },
      };
    }
    return {
      record: true,
      status: pending ? "Completed" : undefined,
      facts: { paymentMethod: payment.paymentMethod, confirmationCode: payment.confirmationCode },
      event: { kind: pending ? "payment_completed" : "payment_recorded", details },
    };
  }

  return {
    record: true,
    status: pending ? "Failed" : undefined,
    facts: { paymentMethod: payment.paymentMethod, confirmationCode: payment.confirmationCode },
    event: { kind: payment.state === "REVERSED" ? "payment_reversed" : "payment_failed", details },
  };
}
