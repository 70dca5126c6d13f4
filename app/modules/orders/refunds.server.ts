import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderEvents, orders, paymentAttempts, refunds } from "~/db/schema";
import { describeProvider } from "~/modules/payments/catalogue";
import { paymentMethodLabel, providerLabel } from "~/modules/payments/provider-labels";
import type { PaymentProviders } from "~/modules/payments/registry";
import { readablePhone } from "~/terms/phone";
import type { RefundMethod } from "~/terms/refund-states";
import { isUuid } from "~/utils/uuid";
import { recordOrderEvent } from "./order-records.server";
import type { RefundForm } from "./refund-form";
import { linesLeft, planRefund, REFUND_MESSAGES } from "./refund-rules";
import { paymentFact } from "./tracking.server";

/** A refund the owner can fix or must make another way: shown as the form's sentence. */
export class RefundError extends Error {}

type Order = typeof orders.$inferSelect;
export type Refund = typeof refunds.$inferSelect;

/** A paid order (by its provider's word), or one the shop marked Completed (an imported one). */
const refundable = (order: Order) => paymentFact(order) === "paid" || order.status === "Completed";

export const providerCannotRefund = (provider: string | null) =>
  `${providerLabel(provider)} cannot refund this payment from the shop: refund it by hand, then record it here with its reference.`;

/** An order's refunds, oldest first. */
export function orderRefunds(db: Db | Tx, orderId: string) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
}

/**
 * Takes a refund out of what is left of the payment, with the order locked (the caller's
 * transaction): two refunds at once take turns, and the second sees the first (orders.refunded,
 * which the database keeps at or below the amount paid). A refund made by hand is recorded done,
 * with its reference; one asked of the provider waits for its answer.
 */
export async function reserveRefund(
  tx: Tx,
  input: RefundForm & { orderId: string; adminId: string | null },
  method: RefundMethod,
  canAskProvider: (order: Order) => boolean,
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
  if (!order) throw new RefundError("No such order.");
  if (!refundable(order)) throw new RefundError(REFUND_MESSAGES.notPaid);
  if (method === "provider" && !canAskProvider(order)) {
    throw new RefundError(providerCannotRefund(order.paymentProvider));
  }
  const earlier = await tx
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(sql`${refunds.orderId} = ${order.id} and ${refunds.state} <> 'failed'`);
  const plan = planRefund(order, linesLeft(order.items, earlier), input);
  if (!plan.ok) throw new RefundError(plan.error);
  const done = method === "hand";
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amount: plan.amount,
      lines: plan.lines,
      reason: input.reason,
      method,
      provider: order.paymentProvider,
      reference: done ? input.reference : null,
      state: done ? "done" : "pending",
      adminId: input.adminId,
    })
    .returning();
  await tx
    .update(orders)
    .set({ refunded: sql`${orders.refunded} + ${plan.amount}` })
    .where(eq(orders.id, order.id));
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: done ? "refund_recorded" : "refund_requested",
    details: {
      amount: plan.amount,
      reason: input.reason,
      reference: done ? input.reference : null,
      provider: order.paymentProvider,
    },
    adminId: input.adminId,
  });
  return { order, refund: refund! };
}

/**
 * The provider's answer to a refund asked of it: done with its reference, or failed with its
 * reason and its amount given back to what is left of the payment. Answers the refund as it now is.
 */
export async function recordProviderAnswer(
  tx: Tx,
  order: Pick<Order, "id" | "paymentProvider">,
  refund: Pick<Refund, "id" | "amount">,
  answer: { failed: boolean; message: string },
  adminId: string | null,
) {
  const { failed, message } = answer;
  const [settled] = await tx
    .update(refunds)
    .set(failed ? { state: "failed", failure: message } : { state: "done", reference: message })
    .where(eq(refunds.id, refund.id))
    .returning();
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: failed ? "refund_failed" : "refund_completed",
    details: { amount: refund.amount, provider: order.paymentProvider, answer: message },
    adminId,
  });
  if (failed) {
    await tx
      .update(orders)
      .set({ refunded: sql`${orders.refunded} - ${refund.amount}` })
      .where(eq(orders.id, order.id));
  }
  return settled!;
}

/** What the owner confirms before a refund goes out (decision 60). */
export type RefundPreview = {
  amount: number;
  /** 'Ask Pesapal to refund' or 'Record a refund made by hand, reference QGH12XY34Z'. */
  how: string;
  /** Who gets the money: the account that paid, as far as the shop knows it. */
  to: string;
  /** The pieces given back, and whether they go back on the shelf. */
  pieces: { name: string; quantity: number; restock: boolean }[];
};

/**
 * The refund an ask would make, checked as the refund itself checks it (without locking: the
 * refund checks again when it is sent), in the words the owner confirms: the amount, how, to whom.
 */
export async function previewRefund(
  services: { database: { db: Db }; payments: PaymentProviders },
  input: RefundForm & { orderId: string },
): Promise<RefundPreview> {
  if (!isUuid(input.orderId)) throw new RefundError("No such order.");
  const { db } = services.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new RefundError("No such order.");
  if (!refundable(order)) throw new RefundError(REFUND_MESSAGES.notPaid);
  const provider =
    order.paymentProvider && services.payments.has(order.paymentProvider)
      ? services.payments.get(order.paymentProvider)
      : null;
  if (input.method === "provider" && !(provider?.refund && order.confirmationCode)) {
    throw new RefundError(providerCannotRefund(order.paymentProvider));
  }
  const earlier = await db
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), ne(refunds.state, "failed")));
  const lines = linesLeft(order.items, earlier);
  const plan = planRefund(order, lines, input);
  if (!plan.ok) throw new RefundError(plan.error);
  // The M-Pesa number a prompt was paid from, when the payment was one (the order's own number
  // unless the shopper named another payer); the latest attempt paid, should two have been.
  const [paidBy] = await db
    .select({ provider: paymentAttempts.provider, phone: paymentAttempts.phone })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.state, "paid")))
    .orderBy(desc(paymentAttempts.number))
    .limit(1);
  const payer =
    paidBy && describeProvider(paidBy.provider)?.asksPayerPhone
      ? (paidBy.phone ?? order.customerPhone)
      : null;
  const label = providerLabel(order.paymentProvider);
  const method = order.paymentMethod ? paymentMethodLabel(order.paymentMethod) : null;
  const who = `${order.customerName}, ${readablePhone(order.customerPhone)} (the order's phone number)`;
  return {
    amount: plan.amount,
    how:
      input.method === "provider"
        ? `Ask ${label} to refund the payment`
        : `Record a refund you made by hand, reference ${input.reference}`,
    to:
      input.method === "provider"
        ? `${label} gives it back to the ${method ?? "card or account"} that paid (${order.customerName}'s order)`
        : payer
          ? `The M-Pesa number that paid, ${readablePhone(payer)} (${order.customerName})`
          : who,
    pieces: plan.lines.map((l) => ({
      name: lines[l.line]!.name,
      quantity: l.quantity,
      restock: l.restock,
    })),
  };
}

/**
 * The provider took the payment back itself: what was paid and not yet refunded is recorded as a
 * refund ('reversal') in the settlement's transaction, so the money counts right.
 */
export async function recordReversal(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  const left = order ? order.amount - order.refunded : 0;
  if (!order || left <= 0) return;
  await tx.insert(refunds).values({
    orderId,
    amount: left,
    reason: "Payment reversed by the provider",
    method: "reversal",
    provider: order.paymentProvider,
    state: "done",
  });
  await tx
    .update(orders)
    .set({ refunded: sql`${orders.refunded} + ${left}` })
    .where(eq(orders.id, orderId));
}

/**
 * An oversold order's one try at refunding its missing pieces by itself (decision 57): answers
 * the order, locked and marked as tried in its timeline, or null when nothing is short or it was
 * tried already.
 */
export async function claimShortRefund(db: Db, orderId: string) {
  // Asked after every completed payment's settlement: nearly always nothing is short, and that
  // is seen without taking the order's lock.
  const [short] = await db
    .select({ lines: orders.stockShort })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!short?.lines?.length) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row?.stockShort?.length) return null;
    const [tried] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "short_refund_tried")));
    if (tried) return null;
    await recordOrderEvent(tx, { orderId, kind: "short_refund_tried" });
    return { ...row, stockShort: row.stockShort };
  });
}
