import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { paymentAttempts } from "~/db/schema";
import type { PaymentRef } from "~/modules/payments/registry";
import type { PaymentAttemptState } from "~/terms/payment-status";
import { isUuid } from "~/utils/uuid";

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** The attempt a provider's reference names, if any. */
export async function attemptForPayment(db: Db | Tx, payment: PaymentRef) {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, payment.provider),
        eq(paymentAttempts.reference, payment.reference),
      ),
    );
  return attempt ?? null;
}

/**
 * The attempt a shopper's waiting page names, by its id (random, unguessable). The page's
 * address is not the callback's token: a shopper who knows one cannot send the provider's callback.
 */
export async function attemptOfPage(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  return attempt ?? null;
}

/** Closes an attempt that is still open or replaced; answers whether this call closed it. */
export async function closeAttempt(
  tx: Tx,
  attemptId: string,
  state: Exclude<PaymentAttemptState, "open">,
  set: Partial<typeof paymentAttempts.$inferInsert> = {},
) {
  const closed = await tx
    .update(paymentAttempts)
    .set({ ...set, state, closedAt: state === "replaced" ? null : new Date() })
    .where(
      and(eq(paymentAttempts.id, attemptId), sql`${paymentAttempts.state} in ('open', 'replaced')`),
    )
    .returning({ id: paymentAttempts.id });
  return closed.length > 0;
}

/**
 * The prompts asked of one M-Pesa number in the last `withinMs`, by any order and any of the
 * prompting providers: what the per-number limit is judged on (prompt-rules.ts).
 */
export async function promptsToNumber(
  db: Db | Tx,
  phone: string,
  providers: readonly string[],
  withinMs: number,
) {
  if (providers.length === 0) return [];
  return db
    .select({
      orderId: paymentAttempts.orderId,
      state: paymentAttempts.state,
      createdAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.phone, phone),
        inArray(paymentAttempts.provider, [...providers]),
        sql`${paymentAttempts.createdAt} > now() - make_interval(secs => ${withinMs / 1000})`,
      ),
    );
}
