import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { releasePieces } from "~/flows/order-stock.server";
import { logger } from "~/utils/logger.server";
import { recordReconciliationRun } from "~/utils/metrics.server";
import { reconcileOpenAttempts } from "./attempt-checks.server";
import { type SettlingShop, settleOrder } from "./settlement.server";

/**
 * Orders left Pending (a lost notification, a shopper who closed the tab) are re-checked with
 * each order's own payment provider:
 * from 5 minutes after they were placed, for 7 days, waiting twice as long after each attempt
 * (1 minute, 2, 4, ... at most 6 hours). Each run claims the orders it checks by moving their
 * next check forward in the same statement that selects them (FOR UPDATE SKIP LOCKED), so any
 * number of app processes can run it at once without asking twice.
 */
export async function reconcilePendingOrders(shop: SettlingShop, batch = 20): Promise<number> {
  const { db } = shop;
  await failAbandonedOrders(db);
  await reconcileOpenAttempts(shop, batch);
  await releaseExpiredHolds(shop, batch);
  const claimed = await db.execute<{
    id: string;
    payment_provider: string;
    payment_reference: string;
  }>(sql`
    update orders
       set reconcile_attempts = reconcile_attempts + 1,
           next_check_at = now() + least(interval '1 minute' * power(2, least(reconcile_attempts, 10)), interval '6 hours')
     where id in (
       select id from orders
        where status = 'Pending'
          and payment_reference is not null
          and created_at > now() - interval '7 days'
          and created_at <= now() - interval '5 minutes'
          and (next_check_at is null or next_check_at <= now())
        order by next_check_at nulls first
        limit ${batch}
        for update skip locked)
    returning id, payment_provider, payment_reference`);
  for (const row of claimed.rows) {
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
  recordReconciliationRun(claimed.rows.length);
  return claimed.rows.length;
}

/**
 * An order whose payment was never requested (the process stopped between creating the order and
 * hearing back from its payment provider) cannot be paid: 10 minutes after it was placed and its
 * latest payment request began, it is marked Failed, with the reason. The shopper's same checkout
 * again still resumes it.
 */
export async function failAbandonedOrders(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const failed = await tx.execute<{ id: string; stock_state: string | null }>(sql`
      update orders set status = 'Failed', updated_at = now()
       where id in (
         select id from orders
          where status = 'Pending' and payment_reference is null and legacy_id is null
            and created_at <= now() - interval '10 minutes'
            and (payment_requested_at is null or payment_requested_at <= now() - interval '10 minutes')
          for update skip locked)
      returning id, stock_state`);
    for (const order of failed.rows) {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "payment_never_requested",
        details: { reason: "the payment page was never opened" },
      });
      if (order.stock_state === "held") {
        await releasePieces(tx, order.id, "payment page never opened");
      }
    }
    return failed.rows.length;
  });
}

/**
 * Units held for a payment that has not come by the end of its hold (STOCK_HOLD_MINUTES) go back
 * on sale. The provider is asked first, so a payment made in time whose notification was lost
 * sells the units instead of losing them; the order itself stays Pending, and a payment that
 * completes later takes its units again if they are there (settlement.server.ts).
 */
export async function releaseExpiredHolds(shop: SettlingShop, batch = 20): Promise<number> {
  const { db } = shop;
  const due = await db
    .select({ id: orders.id, provider: orders.paymentProvider, reference: orders.paymentReference })
    .from(orders)
    .where(
      and(
        eq(orders.stockState, "held"),
        eq(orders.status, "Pending"),
        lte(orders.stockHeldUntil, sql`now()`),
      ),
    )
    .orderBy(asc(orders.stockHeldUntil))
    .limit(batch);
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
    const units = await db.transaction(async (tx) => {
      // Still Pending and held, and still due (a resumed checkout may have extended it).
      const [current] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.status, "Pending"),
            eq(orders.stockState, "held"),
            lte(orders.stockHeldUntil, sql`now()`),
          ),
        )
        .for("update");
      return current ? releasePieces(tx, order.id, "hold expired") : null;
    });
    if (units !== null) released++;
  }
  return released;
}
