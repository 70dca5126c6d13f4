import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderEvents, orders, paymentAttempts } from "~/db/schema";
import { releasePieces, sellHeldPieces, sellReleasedPieces } from "~/flows/order-stock.server";
import { stockActionOnSettlement } from "~/modules/inventory/stock-rules";
import {
  type MessageSettings,
  queueOrderMessages,
  queuePaymentFailedMessages,
} from "~/modules/messages/outbox.server";
import { merchantReference, type PaymentStatus } from "~/modules/payments/provider";
import type { PaymentProviders, PaymentRef } from "~/modules/payments/registry";
import { recordSettlement } from "~/utils/metrics.server";
import { startFulfilment } from "./fulfilment.server";
import { attemptForPayment, closeAttempt, type PaymentAttempt } from "./payment-attempts.server";
import { recordReversal } from "./refunds.server";
import { decideSettlement, storedPaymentFingerprint } from "./settlement-rules";
import { refundShortLines } from "./short-refund.server";

export type SettleSource = "ipn" | "callback" | "reconciliation";

/** What settling needs of the shop: its database, its payment providers, its messages' settings. */
export type SettlingShop = { db: Db; payments: PaymentProviders; settings: MessageSettings };

/** The order that holds a provider's payment (any of its attempts), if any. */
export async function orderForPayment(db: Db, payment: PaymentRef) {
  const attempt = await attemptForPayment(db, payment);
  if (!attempt) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, attempt.orderId));
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
  if (action === "sell-held") await sellHeldPieces(tx, order.id);
  if (action === "release") await releasePieces(tx, order.id, "payment failed");
  if (action === "sell-again") {
    const short = await sellReleasedPieces(tx, order);
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
  /** The attempt has outlived its provider's time (a prompt expired): unfinished is failed. */
  options: { expired?: boolean } = {},
): Promise<{ orderId: string; status: string } | null> {
  const { db, payments: providers } = shop;
  const known = await attemptForPayment(db, payment);
  if (!known?.reference) return null;
  const answer: PaymentStatus = await providers.get(known.provider).getStatus(known.reference, {
    amount: known.amount,
    merchantReference: merchantReference(known.orderId, known.number),
    claim: known.claim,
  });
  const status: PaymentStatus =
    answer.state === "PENDING" && options.expired
      ? { ...answer, state: "FAILED", failure: "timed_out", description: "expired unanswered" }
      : answer;
  const settled = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, known.orderId))
      .for("update");
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, known.id))
      .for("update");
    if (!order || !attempt) return null;
    const counts =
      order.paymentProvider === attempt.provider && order.paymentReference === attempt.reference;
    if (!counts) {
      const settled = await settleOtherAttempt(tx, order, attempt, status, source);
      if (settled) return settled;
      // Proven paid while the order waits on another attempt: this one becomes the order's.
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
      order.paymentStatus = null;
    }
    return settleCountingAttempt(tx, shop.settings, order, attempt, status, source);
  });
  // Paid for pieces sold meanwhile: given back at once where the provider can (decision 57).
  if (settled && status.state === "COMPLETED") await refundShortLines(shop, settled.orderId);
  return settled;
}

/**
 * A status about an attempt that is not the order's own (the shopper tried again since): it only
 * closes that attempt, unless it proves a payment. A payment for an order another attempt already
 * paid is recorded for the owner to refund; a payment for an unpaid order settles it (null: the
 * caller goes on to do so).
 */
async function settleOtherAttempt(
  tx: Tx,
  order: typeof orders.$inferSelect,
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
    await tx.insert(orderEvents).values({
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

/** Settles an order from a status about the attempt that counts for it (decision 8). */
async function settleCountingAttempt(
  tx: Tx,
  settings: MessageSettings,
  order: typeof orders.$inferSelect,
  attempt: PaymentAttempt,
  status: PaymentStatus,
  source: SettleSource,
) {
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
    // Told only if the order is still unpaid a few minutes on (the sender checks again).
    await queuePaymentFailedMessages(tx, settings, order.id);
  }
  if (decision.status) recordSettlement(decision.status, source);
  return { orderId: order.id, status: decision.status ?? order.status };
}
