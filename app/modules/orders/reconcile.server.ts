import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { PaymentProviders } from "~/modules/payments/registry";
import { logger } from "~/utils/logger.server";
import { recordReconciliationRun } from "~/utils/metrics.server";
import { settleOrder } from "./settlement.server";

/**
 * Orders left Pending (a lost notification, a shopper who closed the tab) are re-checked with
 * each order's own payment provider:
 * from 5 minutes after they were placed, for 7 days, waiting twice as long after each attempt
 * (1 minute, 2, 4, ... at most 6 hours). Each run claims the orders it checks by moving their
 * next check forward in the same statement that selects them (FOR UPDATE SKIP LOCKED), so any
 * number of app processes can run it at once without asking twice.
 */
export async function reconcilePendingOrders(
  db: Db,
  providers: PaymentProviders,
  batch = 20,
): Promise<number> {
  await failAbandonedOrders(db);
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
        db,
        providers,
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
  const failed = await db.execute<{ id: string }>(sql`
    with abandoned as (
      update orders set status = 'Failed', updated_at = now()
       where status = 'Pending' and payment_reference is null and legacy_id is null
         and created_at <= now() - interval '10 minutes'
         and (payment_requested_at is null or payment_requested_at <= now() - interval '10 minutes')
      returning id)
    insert into order_events (order_id, kind, details)
    select id, 'payment_never_requested', '{"reason":"the payment page was never opened"}'::jsonb from abandoned
    returning order_id as id`);
  return failed.rows.length;
}
