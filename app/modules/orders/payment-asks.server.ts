import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { paymentAttempts } from "~/db/schema";
import type { NotificationClaim } from "~/terms/payment-status";
import { mergedClaim } from "./settlement-rules";

/**
 * Keeps what a notification claimed about an attempt (the receipt number comes only there):
 * the first claim, which a replay cannot change, unless this one repairs it (see `mergedClaim`).
 * Answers whether the kept claim changed: the provider is then asked at once.
 */
export async function keepClaim(db: Db, attemptId: string, claim: NotificationClaim) {
  return db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ claim: paymentAttempts.claim, amount: paymentAttempts.amount })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.id, attemptId))
      .for("update");
    if (!attempt) return false;
    const merged = mergedClaim(attempt.claim ?? null, claim, attempt.amount);
    if (attempt.claim && JSON.stringify(merged) === JSON.stringify(attempt.claim)) return false;
    await tx
      .update(paymentAttempts)
      .set({ claim: merged })
      .where(eq(paymentAttempts.id, attemptId));
    return true;
  });
}

/**
 * However many notifications arrive for one order (a provider retrying, or anyone replaying its
 * URL), the shop asks the provider about it at most once per this many milliseconds, across its
 * processes; a notification inside the window is answered at once and followed by one more ask
 * when the window ends, so a payment completing meanwhile is never missed.
 */
export const STATUS_ASK_INTERVAL_MS = 3_000;

/**
 * Takes the order's turn to ask its provider, if its last ask is older than the interval: across
 * processes, one ask per order per interval (the M-Pesa query is rate-limited).
 */
export async function mayAskStatus(db: Db, orderId: string, intervalMs = STATUS_ASK_INTERVAL_MS) {
  const { rows } = await db.execute(sql`
    update orders set status_asked_at = now()
     where id = ${orderId}
       and (status_asked_at is null
            or status_asked_at <= now() - make_interval(secs => ${intervalMs / 1000}))
    returning id`);
  return rows.length > 0;
}

/**
 * The attempts of providers whose attempts expire (M-Pesa prompts) still unfinished after their
 * callback should have come, and for at most a day, oldest first.
 */
export function unfinishedAttempts(db: Db, providers: readonly string[], batch: number) {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        inArray(paymentAttempts.state, ["open", "replaced"]),
        inArray(paymentAttempts.provider, [...providers]),
        isNotNull(paymentAttempts.reference),
        lte(paymentAttempts.createdAt, sql`now() - interval '30 seconds'`),
        gte(paymentAttempts.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(batch);
}
