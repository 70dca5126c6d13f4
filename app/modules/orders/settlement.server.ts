import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import {
  releaseOrderStock,
  sellHeldStock,
  sellReleasedStock,
} from "~/modules/inventory/stock.server";
import { stockActionOnSettlement } from "~/modules/inventory/stock-rules";
import { type MessageSettings, queueOrderMessages } from "~/modules/messages/outbox.server";
import type { PaymentStatus } from "~/modules/payments/provider";
import type { PaymentProviders, PaymentRef } from "~/modules/payments/registry";
import { recordSettlement } from "~/utils/metrics.server";
import { startFulfilment } from "./fulfilment.server";
import { decideSettlement, storedPaymentFingerprint } from "./settlement-rules";

export type SettleSource = "ipn" | "callback" | "reconciliation";

/** What settling needs of the shop: its database, its payment providers, its messages' settings. */
export type SettlingShop = { db: Db; payments: PaymentProviders; settings: MessageSettings };

/** The order that holds a provider's payment, if any. */
export async function orderForPayment(db: Db, payment: PaymentRef) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, payment.provider),
        eq(orders.paymentReference, payment.reference),
      ),
    );
  return order ?? null;
}

const PAID = new Set(["payment_completed", "payment_recorded"]);
const UNPAID = new Set(["payment_failed", "payment_reversed"]);

/**
 * What the payment does to the order's units, in the settlement's transaction: a completed
 * payment sells the held units (or takes them again after the hold was released, flagging the
 * order when the shelf is short); a failed one gives held units back.
 */
async function settleStock(
  tx: Tx,
  order: typeof orders.$inferSelect,
  event: string | undefined,
  statusAfter: string,
) {
  const payment =
    event && PAID.has(event) ? "paid" : event && UNPAID.has(event) ? "failed" : "none";
  const action = stockActionOnSettlement(order.stockState, payment, statusAfter);
  if (action === "sell-held") await sellHeldStock(tx, order.id);
  if (action === "release") await releaseOrderStock(tx, order.id, "payment failed");
  if (action === "sell-again") {
    const short = await sellReleasedStock(tx, order);
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: short.length ? "stock_oversold" : "stock_taken_again",
      details: short.length ? { lines: short } : {},
    });
  }
}

/**
 * Settles an order from its provider's own answer about the payment, never from a notification's
 * body. Safe to call any number of times, concurrently, in any order: the order row is locked
 * while deciding, and a status already recorded changes nothing.
 */
export async function settleOrder(
  shop: SettlingShop,
  payment: PaymentRef,
  source: SettleSource,
): Promise<{ orderId: string; status: string } | null> {
  const { db, payments: providers, settings } = shop;
  const known = await orderForPayment(db, payment);
  if (!known) return null;
  const status: PaymentStatus = await providers
    .get(known.paymentProvider)
    .getStatus(payment.reference);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for("update");
    if (!order) return null;
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
    }
    if (decision.event) {
      await tx.insert(orderEvents).values({
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
    await settleStock(tx, order, decision.event?.kind, decision.status ?? order.status);
    // The shopper and the owner hear of it: messages written with the change (the outbox).
    if (decision.event && PAID.has(decision.event.kind) && order.fulfilmentState === null) {
      await startFulfilment(tx, order.id);
      await queueOrderMessages(tx, settings, order.id, "payment_confirmed");
    }
    if (decision.event?.kind === "payment_failed") {
      await queueOrderMessages(tx, settings, order.id, "payment_failed");
    }
    if (decision.status) recordSettlement(decision.status, source);
    return { orderId: order.id, status: decision.status ?? order.status };
  });
}
