import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * For the test hooks only: as if `minutes` had passed for the queued messages of the orders whose
 * id starts with `reference`, so a delayed message can be watched without waiting it out. Answers
 * how many moved.
 */
export async function bringMessagesForward(db: Db, reference: string, minutes: number) {
  const moved = await db.execute(sql`
    update messages set next_attempt_at = next_attempt_at - make_interval(mins => ${minutes})
     where state = 'queued'
       and order_id in (select id from orders where id::text like ${`${reference}%`})
    returning id`);
  return moved.rows.length;
}
