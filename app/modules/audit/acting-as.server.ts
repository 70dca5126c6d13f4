import { sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";

/**
 * Names the admin behind the rest of this transaction: the audit triggers (migration 0026) then
 * record every change it makes to products, stock, orders, refunds, codes and accounts, with the
 * values before and after, in the same transaction. Without an admin (a shopper's checkout, a
 * payment, a job) nothing is recorded. Only inside a transaction: the setting ends with it.
 */
export async function actingAs(tx: Tx | Db, adminId: string | null | undefined) {
  if (adminId) await tx.execute(sql`select set_config('shop.actor', ${adminId}, true)`);
}

/** Runs `work` in a transaction whose changes are recorded as `adminId`'s. */
export function asAdmin<T>(db: Db, adminId: string | null, work: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    await actingAs(tx, adminId);
    return work(tx);
  });
}
