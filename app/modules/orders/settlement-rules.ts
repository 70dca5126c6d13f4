import type { OrderStatus } from "~/db/schema";
import {
  isMerchantReferenceOf,
  type PaymentState,
  type PaymentStatus,
} from "~/modules/payments/provider";
import type { NotificationClaim } from "~/terms/payment-status";

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
  // A receipt once known is kept: an answer without one (M-Pesa's query) never clears it.
  const facts = {
    paymentMethod: payment.paymentMethod,
    ...(payment.confirmationCode ? { confirmationCode: payment.confirmationCode } : {}),
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

type Answered = { state: PaymentState; amount: number; currency: string };

/**
 * Whether a provider's stored answer proves the order paid: completed, for the order's amount in
 * its currency. The shopper's page, the owner's and the packing list all ask this one question.
 */
export function paidInFull(
  order: { amount: number; currency: string },
  answer: Answered | null | undefined,
): boolean {
  return (
    answer?.state === "COMPLETED" &&
    answer.amount === order.amount &&
    answer.currency.toUpperCase() === order.currency.toUpperCase()
  );
}

/**
 * A completed payment for another amount (or currency) than the order's: not a payment until the
 * owner has looked, or a correct answer came; the shopper reads 'we are checking your payment'.
 */
export function amountInDoubt(
  order: { amount: number; currency: string },
  answer: Answered | null | undefined,
): boolean {
  return answer?.state === "COMPLETED" && !paidInFull(order, answer);
}

/**
 * The claim an attempt keeps after another notification about it. The first is kept, so a replay
 * changes nothing, with one exception: a message claiming the amount asked replaces one that
 * claimed another (a wrong first callback is repaired by a correct one; a wrong one never
 * undoes a correct one), bringing its own receipt. A receipt or number missing so far is taken
 * from whichever message brings it.
 */
export function mergedClaim(
  kept: NotificationClaim | null,
  next: NotificationClaim,
  asked: number,
): NotificationClaim {
  if (!kept) return next;
  const repairs =
    kept.amount !== undefined &&
    kept.amount !== null &&
    kept.amount !== asked &&
    next.amount === asked;
  const base = repairs ? next : kept;
  const other = repairs ? kept : next;
  return {
    ...base,
    receipt: base.receipt ?? (repairs ? null : other.receipt) ?? null,
    phone: base.phone ?? other.phone ?? null,
  };
}
