import type { Db, Tx } from "~/db/client.server";
import { stockActionOnSettlement } from "~/modules/inventory/stock-rules";
import {
  type MessageSettings,
  queueOrderMessages,
  queuePaymentFailedMessages,
} from "~/modules/messages/outbox.server";
import { startFulfilment } from "~/modules/orders/fulfilment.server";
import { recordOrderEvent } from "~/modules/orders/order-records.server";
import { attemptForPayment, type PaymentAttempt } from "~/modules/orders/payment-attempts.server";
import {
  adoptAttempt,
  countsFor,
  lockSettlement,
  type Order,
  recordSettlementOnOrder,
  type SettleSource,
  settleOtherAttempt,
} from "~/modules/orders/settled-orders.server";
import { merchantReference, type PaymentStatus } from "~/modules/payments/provider";
import type { PaymentProviders, PaymentRef } from "~/modules/payments/registry";
import { recordSettlement } from "~/utils/metrics.server";
import { releasePieces, sellHeldPieces, sellReleasedPieces } from "./order-stock.server";
import { refundShortLines } from "./refund-short-lines.server";

export type { SettleSource };

/** What settling needs of the shop: its database, its payment providers, its messages' settings. */
export type SettlingShop = { db: Db; payments: PaymentProviders; settings: MessageSettings };

const PAID = new Set(["payment_completed", "payment_recorded"]);
const UNPAID = new Set(["payment_failed", "payment_reversed"]);

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
    const locked = await lockSettlement(tx, known.orderId, known.id);
    if (!locked) return null;
    let { order } = locked;
    const { attempt } = locked;
    if (!countsFor(order, attempt)) {
      const settled = await settleOtherAttempt(tx, order, attempt, status, source);
      if (settled) return settled;
      order = await adoptAttempt(tx, order, attempt);
    }
    return settleCountingAttempt(tx, shop.settings, order, attempt, status, source);
  });
  // Paid for pieces sold meanwhile: given back at once where the provider can (decision 57).
  if (settled && status.state === "COMPLETED") await refundShortLines(shop, settled.orderId);
  return settled;
}

/** Settles an order from a status about the attempt that counts for it (decision 8). */
async function settleCountingAttempt(
  tx: Tx,
  settings: MessageSettings,
  order: Order,
  attempt: PaymentAttempt,
  status: PaymentStatus,
  source: SettleSource,
) {
  const decision = await recordSettlementOnOrder(tx, order, attempt, status, source);
  const statusAfter = decision.status ?? order.status;
  await settleStock(tx, order, decision.event?.kind, statusAfter);
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
  return { orderId: order.id, status: statusAfter };
}

/**
 * What the payment does to the order's units, in the settlement's transaction: a completed
 * payment sells the held units (or takes them again after the hold was released, flagging the
 * order when the shelf is short); a failed one gives held units back.
 */
async function settleStock(tx: Tx, order: Order, event: string | undefined, statusAfter: string) {
  const payment =
    event && PAID.has(event) ? "paid" : event && UNPAID.has(event) ? "failed" : "none";
  const action = stockActionOnSettlement(order.stockState, payment, statusAfter);
  if (action === "sell-held") await sellHeldPieces(tx, order.id);
  if (action === "release") await releasePieces(tx, order.id, "payment failed");
  if (action === "sell-again") {
    const short = await sellReleasedPieces(tx, order);
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: short.length ? "stock_oversold" : "stock_taken_again",
      details: short.length ? { lines: short } : {},
    });
  }
}
