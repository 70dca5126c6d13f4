import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { recordOrderEvent } from "./order-records.server";

/**
 * Claims up to `batch` Pending orders due a re-check with their provider: from 5 minutes after
 * they were placed, for 7 days, waiting twice as long after each attempt (1 minute, 2, 4, ... at
 * most 6 hours). The next check moves forward in the same statement that selects them (FOR
 * UPDATE SKIP LOCKED), so any number of processes can claim at once without asking twice.
 */
export async function claimOrdersToReconcile(db: Db, batch: number) {
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
  return claimed.rows;
}

/**
 * Marks Failed, with the reason in each timeline, the orders whose payment was never requested
 * 10 minutes after they were placed and their latest payment request began (the caller's
 * transaction). Answers them, with where their pieces stand.
 */
export async function failAbandoned(tx: Tx) {
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
    await recordOrderEvent(tx, {
      orderId: order.id,
      kind: "payment_never_requested",
      details: { reason: "the payment page was never opened" },
    });
  }
  return failed.rows;
}

/** Pending orders whose pieces' hold has ended, the longest ended first. */
export function expiredHolds(db: Db, batch: number) {
  return db
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
}

/**
 * Locks an order whose hold is still due to end (still Pending and held, its hold not extended
 * meanwhile by a resumed checkout); false when it no longer is.
 */
export async function lockExpiredHold(tx: Tx, orderId: string) {
  const [current] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "Pending"),
        eq(orders.stockState, "held"),
        lte(orders.stockHeldUntil, sql`now()`),
      ),
    )
    .for("update");
  return current !== undefined;
}
