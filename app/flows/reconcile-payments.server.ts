import type { Db } from "~/db/client.server";
import {
  claimOrdersToReconcile,
  expiredHolds,
  failAbandoned,
  lockExpiredHold,
} from "~/modules/orders/pending-orders.server";
import { logger } from "~/utils/logger.server";
import { recordReconciliationRun } from "~/utils/metrics.server";
import { reconcileOpenAttempts } from "./check-attempts.server";
import { releasePieces } from "./order-stock.server";
import { type SettlingShop, settleOrder } from "./settle-payment.server";

/**
 * Orders left Pending (a lost notification, a shopper who closed the tab) are re-checked with
 * each order's own payment provider, on a widening schedule (`claimOrdersToReconcile`); any
 * number of app processes can run it at once without asking twice.
 */
export async function reconcilePendingOrders(shop: SettlingShop, batch = 20): Promise<number> {
  const { db } = shop;
  await failAbandonedOrders(db);
  await reconcileOpenAttempts(shop, batch);
  await releaseExpiredHolds(shop, batch);
  const claimed = await claimOrdersToReconcile(db, batch);
  for (const row of claimed) {
    try {
      await settleOrder(
        shop,
        { provider: row.payment_provider, reference: row.payment_reference },
        "reconciliation",
      );
    } catch (error) {
      logger.warn(
        { err: error, orderId: row.id, provider: row.payment_provider },
        "reconciliation could not reach the payment provider; will retry later",
      );
    }
  }
  recordReconciliationRun(claimed.length);
  return claimed.length;
}

/**
 * An order whose payment was never requested (the process stopped between creating the order and
 * hearing back from its payment provider) cannot be paid: 10 minutes after it was placed and its
 * latest payment request began, it is marked Failed, with the reason, and its held pieces go back.
 * The shopper's same checkout again still resumes it.
 */
export async function failAbandonedOrders(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const failed = await failAbandoned(tx);
    for (const order of failed) {
      if (order.stock_state === "held") {
        await releasePieces(tx, order.id, "payment page never opened");
      }
    }
    return failed.length;
  });
}

/**
 * Units held for a payment that has not come by the end of its hold (STOCK_HOLD_MINUTES) go back
 * on sale. The provider is asked first, so a payment made in time whose notification was lost
 * sells the units instead of losing them; the order itself stays Pending, and a payment that
 * completes later takes its units again if they are there (settle-payment.server.ts).
 */
export async function releaseExpiredHolds(shop: SettlingShop, batch = 20): Promise<number> {
  const { db } = shop;
  const due = await expiredHolds(db, batch);
  let released = 0;
  for (const order of due) {
    if (order.reference) {
      try {
        await settleOrder(
          shop,
          { provider: order.provider, reference: order.reference },
          "reconciliation",
        );
      } catch (error) {
        logger.warn(
          { err: error, orderId: order.id, provider: order.provider },
          "could not ask the payment provider before releasing a hold; releasing it",
        );
      }
    }
    const units = await db.transaction(async (tx) =>
      (await lockExpiredHold(tx, order.id)) ? releasePieces(tx, order.id, "hold expired") : null,
    );
    if (units !== null) released++;
  }
  return released;
}
