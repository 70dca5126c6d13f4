import type { OrderStatus } from "~/db/schema";
import {
  isMerchantReferenceOf,
  type PaymentState,
  type PaymentStatus,
} from "~/modules/payments/provider";

/**
 * What a payment status from the order's provider does to the order (decision 8), as a
 * pure decision. Settlement moves an order only out of Pending and never overrides a status an
 * admin set, but it always records new payment facts. A Completed status whose amount, currency
 * or merchant reference differs from the order is a mismatch to investigate, never a payment. The
 * same status seen again (a repeated or late notification) changes nothing and records nothing.
 *
 * A reversal is the exception: the money went back, so the order becomes Failed whatever its
 * status (revenue counts only Completed orders) and is flagged. It is final: no later answer moves
 * the order back or clears the flag.
 */
export type SettlementOrder = {
  id: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  /** The fingerprint of the last payment status recorded for the order, if any. */
  lastPayment: string | null;
  /** The provider reversed the order's payment earlier. */
  reversed: boolean;
};

export type SettlementDecision = {
  status?: OrderStatus;
  /** Payment facts to store on the order (a fact left out keeps its stored value). */
  facts?: { paymentMethod?: string | null; confirmationCode?: string | null };
  event?: { kind: string; details: Record<string, unknown> };
  /** Store this status as the order's latest payment status. */
  record: boolean;
  /** Flag the order's payment as reversed. */
  reversed?: true;
};

type Fingerprinted = Pick<
  PaymentStatus,
  "state" | "paymentMethod" | "confirmationCode" | "amount" | "currency" | "merchantReference"
>;

export function paymentFingerprint(p: Fingerprinted) {
  return [
    p.state,
    p.paymentMethod ?? "",
    p.confirmationCode ?? "",
    p.amount,
    p.currency,
    p.merchantReference,
  ].join("|");
}

const STATES: readonly PaymentState[] = ["COMPLETED", "FAILED", "REVERSED", "PENDING"];

/**
 * The fingerprint of the payment status stored with an order, read tolerantly: anything that is
 * not a PaymentStatus (nothing stored yet, an older shape) has none, so the next answer records.
 */
export function storedPaymentFingerprint(stored: unknown): string | null {
  if (!stored || typeof stored !== "object") return null;
  const s = stored as Record<string, unknown>;
  if (!STATES.includes(s.state as PaymentState)) return null;
  const text = (v: unknown) => (typeof v === "string" && v ? v : null);
  return paymentFingerprint({
    state: s.state as PaymentState,
    paymentMethod: text(s.paymentMethod),
    confirmationCode: text(s.confirmationCode),
    amount: typeof s.amount === "number" ? s.amount : 0,
    currency: typeof s.currency === "string" ? s.currency : "",
    merchantReference: typeof s.merchantReference === "string" ? s.merchantReference : "",
  });
}

export function decideSettlement(
  order: SettlementOrder,
  payment: PaymentStatus,
): SettlementDecision {
  if (order.reversed) return { record: false };
  // Not paid yet: nothing to record; the provider's notification or the reconciliation asks again.
  if (payment.state === "PENDING") return { record: false };
  if (paymentFingerprint(payment) === order.lastPayment) return { record: false };

  const details = {
    state: payment.state,
    paymentMethod: payment.paymentMethod,
    confirmationCode: payment.confirmationCode,
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.merchantReference,
  };
  const pending = order.status === "Pending";
  const facts = {
    paymentMethod: payment.paymentMethod,
    confirmationCode: payment.confirmationCode,
  };

  if (payment.state === "COMPLETED") {
    const matches =
      payment.amount === order.amount &&
      payment.currency.toUpperCase() === order.currency.toUpperCase() &&
      isMerchantReferenceOf(payment.merchantReference, order.id);
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
      facts,
      event: { kind: pending ? "payment_completed" : "payment_recorded", details },
    };
  }

  if (payment.state === "REVERSED") {
    return {
      record: true,
      reversed: true,
      status: order.status === "Failed" ? undefined : "Failed",
      // A reversal answer may carry no method or code: keep the ones the payment had.
      facts: {
        ...(payment.paymentMethod ? { paymentMethod: payment.paymentMethod } : {}),
        ...(payment.confirmationCode ? { confirmationCode: payment.confirmationCode } : {}),
      },
      event: { kind: "payment_reversed", details },
    };
  }

  return {
    record: true,
    status: pending ? "Failed" : undefined,
    facts,
    event: { kind: "payment_failed", details },
  };
}
