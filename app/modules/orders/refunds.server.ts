import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderEvents, orders, paymentAttempts, refunds } from "~/db/schema";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { returnToStock } from "~/modules/inventory/stock.server";
import { type MessageSettings, queueOrderMessages } from "~/modules/messages/outbox.server";
import { describeProvider } from "~/modules/payments/catalogue";
import { PaymentError } from "~/modules/payments/provider";
import { paymentMethodLabel, providerLabel } from "~/modules/payments/provider-labels";
import type { Services } from "~/services.server";
import { readablePhone } from "~/terms/phone";
import type { RefundMethod } from "~/terms/refund-states";
import { isUuid } from "~/utils/uuid";
import type { RefundForm } from "./refund-form";
import { linesLeft, planRefund, REFUND_MESSAGES } from "./refund-rules";
import { paymentFact } from "./tracking.server";

/** A refund the owner can fix or must make another way: shown as the form's sentence. */
export class RefundError extends Error {}

type Order = typeof orders.$inferSelect;

/** A paid order (by its provider's word), or one the shop marked Completed (an imported one). */
const refundable = (order: Order) => paymentFact(order) === "paid" || order.status === "Completed";

export const providerCannotRefund = (provider: string | null) =>
  `${providerLabel(provider)} cannot refund this payment from the shop: refund it by hand, then record it here with its reference.`;

/** An order's refunds, oldest first. */
export function orderRefunds(db: Services["db"] | Tx, orderId: string) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
}

/**
 * Takes a refund out of what is left of the payment, in one transaction with the order locked:
 * two refunds at once take turns, and the second sees the first (orders.refunded, which the
 * database keeps at or below the amount paid). A refund made by hand is done at once: its units go
 * back on the shelf and the shopper hears of it. One asked of the provider waits for its answer.
 */
async function reserve(
  tx: Tx,
  settings: MessageSettings,
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
  await tx.insert(orderEvents).values({
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
  if (done) await complete(tx, settings, order, refund!);
  return { order, refund: refund! };
}

/** A refund that happened: its units back on the shelf, the shopper told. */
async function complete(
  tx: Tx,
  settings: MessageSettings,
  order: Pick<Order, "id" | "items">,
  refund: typeof refunds.$inferSelect,
) {
  for (const l of refund.lines) {
    const item = order.items[l.line];
    if (!l.restock || !item?.productId) continue;
    await returnToStock(tx, {
      productId: item.productId,
      size: item.size ?? "",
      units: l.quantity,
      orderId: order.id,
      refundId: refund.id,
      adminId: refund.adminId,
    });
  }
  await queueOrderMessages(tx, settings, order.id, "refunded", undefined, {
    id: refund.id,
    amount: refund.amount,
  });
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
  services: Pick<Services, "database" | "payments">,
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
 * The owner's refund of a paid order (decision 46): by hand (made outside the shop, recorded with
 * its reference) or asked of the provider that took the payment, where it can refund. The
 * provider's refusal (its rules: one refund per payment, mobile money in full only) fails the
 * refund, gives its amount back to what is left, and comes back as the form's sentence.
 */
export async function refundOrder(
  services: {
    database: Pick<Services["database"], "db">;
    payments: Services["payments"];
    settings: MessageSettings;
  },
  input: RefundForm & { orderId: string; adminId: string | null; adminName: string },
) {
  if (!isUuid(input.orderId)) throw new RefundError("No such order.");
  const { database, payments, settings } = services;
  const method: RefundMethod = input.method === "provider" ? "provider" : "hand";
  const providerOf = (order: Order) =>
    order.paymentProvider && payments.has(order.paymentProvider)
      ? payments.get(order.paymentProvider)
      : null;
  const { order, refund } = await asAdmin(database.db, input.adminId, (tx) =>
    reserve(tx, settings, input, method, (o) =>
      Boolean(providerOf(o)?.refund && o.confirmationCode),
    ),
  );
  if (method === "hand") return refund;

  let answer: { message: string } | PaymentError;
  try {
    answer = await providerOf(order)!.refund!({
      confirmationCode: order.confirmationCode!,
      amount: refund.amount,
      by: input.adminName,
      reason: input.reason,
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    answer = error;
  }
  const failed = answer instanceof PaymentError;
  const settled = await asAdmin(database.db, input.adminId, async (tx) => {
    const [settled] = await tx
      .update(refunds)
      .set(
        failed
          ? { state: "failed", failure: answer.message }
          : { state: "done", reference: answer.message },
      )
      .where(eq(refunds.id, refund.id))
      .returning();
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: failed ? "refund_failed" : "refund_completed",
      details: { amount: refund.amount, provider: order.paymentProvider, answer: answer.message },
      adminId: input.adminId,
    });
    if (failed) {
      await tx
        .update(orders)
        .set({ refunded: sql`${orders.refunded} - ${refund.amount}` })
        .where(eq(orders.id, order.id));
    } else {
      await complete(tx, settings, order, settled!);
    }
    return settled!;
  });
  if (failed) {
    throw new RefundError(
      `${providerLabel(order.paymentProvider)} refused the refund: ${answer.message}`,
    );
  }
  return settled;
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
