import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orders, paymentAttempts } from "~/db/schema";
import type { PaymentStatus } from "~/modules/payments/provider";
import type { PaymentRef } from "~/modules/payments/registry";
import { recordOrderEvent } from "./order-records.server";
import { attemptForPayment, closeAttempt, type PaymentAttempt } from "./payment-attempts.server";
import { recordReversal } from "./refunds.server";
import {
  decideSettlement,
  type SettlementDecision,
  storedPaymentFingerprint,
} from "./settlement-rules";

/** Where a payment's status came from: its notification, the shopper's return, the re-check. */
export type SettleSource = "ipn" | "callback" | "reconciliation";

export type Order = typeof orders.$inferSelect;

/** The order that holds a provider's payment (any of its attempts), if any. */
export async function orderForPayment(db: Db, payment: PaymentRef) {
  const attempt = await attemptForPayment(db, payment);
  if (!attempt) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId));
  return order ?? null;
}

/** The order and the attempt a status is about, both locked while it is settled. */
export async function lockSettlement(tx: Tx, orderId: string, attemptId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  const [attempt] = await tx
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId))
    .for("update");
  return order && attempt ? { order, attempt } : null;
}

/** Whether the attempt is the one the order counts on (the shopper may have tried again since). */
export const countsFor = (order: Order, attempt: PaymentAttempt) =>
  order.paymentProvider === attempt.provider && order.paymentReference === attempt.reference;

/**
 * Proven paid while the order waits on another attempt: this one becomes the order's, the others
 * still open are replaced. Answers the order as it now stands for settling.
 */
export async function adoptAttempt(tx: Tx, order: Order, attempt: PaymentAttempt) {
  await tx
    .update(orders)
    .set({
      paymentProvider: attempt.provider,
      paymentReference: attempt.reference,
      paymentRedirectUrl: attempt.redirectUrl,
      paymentStatus: null,
    })
    .where(eq(orders.id, order.id));
  await tx
    .update(paymentAttempts)
    .set({ state: "replaced" })
    .where(
      and(
        eq(paymentAttempts.orderId, order.id),
        eq(paymentAttempts.state, "open"),
        ne(paymentAttempts.id, attempt.id),
      ),
    );
  return { ...order, paymentStatus: null };
}

/**
 * A status about an attempt that is not the order's own (the shopper tried again since): it only
 * closes that attempt, unless it proves a payment. A payment for an order another attempt already
 * paid is recorded for the owner to refund; a payment for an unpaid order settles it (null: the
 * caller goes on to do so).
 */
export async function settleOtherAttempt(
  tx: Tx,
  order: Order,
  attempt: PaymentAttempt,
  status: PaymentStatus,
  source: SettleSource,
): Promise<{ orderId: string; status: string } | null> {
  const unchanged = { orderId: order.id, status: order.status };
  const paidHere =
    status.state === "COMPLETED" &&
    status.amount === attempt.amount &&
    status.currency.toUpperCase() === order.currency.toUpperCase();
  if (paidHere && order.paymentStatus?.state !== "COMPLETED" && !order.paymentReversedAt) {
    return null;
  }
  if (status.state === "PENDING") return unchanged;
  const state = paidHere ? "paid" : status.state === "COMPLETED" ? attempt.state : "failed";
  const closed = await closeAttempt(tx, attempt.id, state === "open" ? "replaced" : state, {
    status,
  });
  if (closed && paidHere) {
    // Paid twice: never silent. The owner sees it in the order's timeline to refund.
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment_duplicate",
      details: {
        source,
        provider: attempt.provider,
        amount: status.amount,
        paymentMethod: status.paymentMethod,
        confirmationCode: status.confirmationCode,
      },
    });
  }
  return unchanged;
}

/**
 * Records on the order what a status about its own attempt decides (decision 8): its status and
 * payment facts, the attempt closed (or its latest status kept), money that went back counted as
 * a refund, and the line of its timeline. Answers the decision for what follows from it.
 */
export async function recordSettlementOnOrder(
  tx: Tx,
  order: Order,
  attempt: PaymentAttempt,
  status: PaymentStatus,
  source: SettleSource,
): Promise<SettlementDecision> {
  const decision = decideSettlement(
    {
      id: order.id,
      status: order.status,
      amount: order.amount,
      currency: order.currency,
      lastPayment: storedPaymentFingerprint(order.paymentStatus),
      reversed: order.paymentReversedAt !== null,
    },
    status,
  );
  if (decision.record) {
    await tx
      .update(orders)
      .set({
        ...(decision.status ? { status: decision.status } : {}),
        ...(decision.facts ?? {}),
        ...(decision.reversed ? { paymentReversedAt: new Date() } : {}),
        paymentStatus: status,
      })
      .where(eq(orders.id, order.id));
    const kind = decision.event?.kind;
    const state =
      kind === "payment_completed" || kind === "payment_recorded"
        ? "paid"
        : kind === "payment_failed" || kind === "payment_reversed"
          ? "failed"
          : null;
    if (state) await closeAttempt(tx, attempt.id, state, { status });
    else await tx.update(paymentAttempts).set({ status }).where(eq(paymentAttempts.id, attempt.id));
    // Money that went back counts as a refund, like one the owner made.
    if (decision.reversed) await recordReversal(tx, order.id);
  }
  if (decision.event) {
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: decision.event.kind,
      details: {
        ...decision.event.details,
        source,
        from: order.status,
        to: decision.status ?? order.status,
      },
    });
  }
  return decision;
}
