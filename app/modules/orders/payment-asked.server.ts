import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orders, paymentAttempts } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { PROVIDER_DESCRIPTIONS } from "~/modules/payments/catalogue";
import type { PaymentProvider } from "~/modules/payments/provider";
import { recordOrderEvent } from "./order-records.server";
import { promptsToNumber } from "./payment-attempts.server";
import {
  minutesToWait,
  PROMPT_WINDOW_MS,
  PROMPTS_PER_NUMBER,
  type PromptRefusal,
  promptRefusal,
} from "./prompt-rules";

/**
 * What asking a provider for an order's payment writes on the order: the attempt claimed, the
 * provider's reference once it answers, or the order failed when it does not.
 */

/** Why a payment request could not be made; the checkout words it for the shopper. */
export class PaymentRequestFailed extends Error {
  constructor(readonly reason: "unavailable" | "paid" | "gone") {
    super(reason);
  }
}

/**
 * No prompt goes to this M-Pesa number now (another order's is on the phone, or the hour's are
 * used up); the message is the shopper's sentence, in the request's language.
 */
export class PromptRefused extends Error {
  constructor(readonly refusal: PromptRefusal) {
    super(
      refusal.reason === "open"
        ? msg.promptOpenOnNumber
        : msg.promptsPerHourUsed(PROMPTS_PER_NUMBER, minutesToWait(refusal.retryAfterMs)),
    );
  }
}

/** The providers that prompt a phone (M-Pesa Express): their prompts are limited per number. */
const PROMPTING = PROVIDER_DESCRIPTIONS.filter((d) => d.asksPayerPhone).map((d) => d.name);
export const prompts = (provider: string) => PROMPTING.includes(provider);

/**
 * Whether a prompt to `phone` would be refused now, for `orderId` (null: an order not yet
 * placed). Read without the number's lock: checkout asks before placing an order, so a refused
 * shopper is told at once; requestPayment asks again under the lock, and that answer decides.
 */
export async function promptRefusedFor(
  db: Db | Tx,
  provider: Pick<PaymentProvider, "name" | "attemptExpiresMs">,
  orderId: string | null,
  phone: string,
) {
  if (!prompts(provider.name)) return null;
  const sent = await promptsToNumber(db, phone, PROMPTING, PROMPT_WINDOW_MS);
  return promptRefusal(sent, orderId, new Date(), provider.attemptExpiresMs ?? PROMPT_WINDOW_MS);
}

/**
 * One request per number at a time, across orders and processes (the lock ends with the
 * transaction): the prompts it counts include every one committed before it.
 */
export async function lockNumberForPrompt(tx: Tx, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`prompt:${phone}`}, 0))`);
}

/** The order a payment is asked for (undefined: there is none). */
export async function orderToAsk(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

/** The order's attempt still open, if any. */
export async function openAttemptOf(db: Db, orderId: string) {
  const [open] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, "open")));
  return open;
}

/**
 * Claims the order's next attempt: Pending again, asked for now, asked about in five minutes.
 * Answers the attempt's number.
 */
export async function claimAttempt(tx: Tx, orderId: string): Promise<number> {
  const [claimed] = await tx
    .update(orders)
    .set({
      paymentAttempts: sql`${orders.paymentAttempts} + 1`,
      paymentRequestedAt: new Date(),
      status: "Pending",
      nextCheckAt: sql`now() + interval '5 minutes'`,
    })
    .where(eq(orders.id, orderId))
    .returning({ number: orders.paymentAttempts });
  return claimed!.number;
}

/** Units the order still holds wait as long again, from now. */
export async function extendHold(tx: Tx, orderId: string, minutes: number) {
  await tx
    .update(orders)
    .set({ stockHeldUntil: sql`now() + make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
}

/** The attempt the provider is asked to take (its timeline says when a checkout resumed). */
export async function newAttempt(
  tx: Tx,
  attempt: {
    orderId: string;
    number: number;
    provider: string;
    amount: number;
    phone: string | null;
  },
) {
  if (attempt.number > 1) {
    await recordOrderEvent(tx, {
      orderId: attempt.orderId,
      kind: "checkout_resumed",
      details: { attempt: attempt.number, provider: attempt.provider },
    });
  }
  const [made] = await tx.insert(paymentAttempts).values(attempt).returning();
  return made!;
}

/** The provider took the attempt: its reference and page, on the attempt and on the order. */
export async function paymentRequested(
  tx: Tx,
  attempt: { id: string; orderId: string; number: number },
  asked: { provider: string; reference: string; redirectUrl: string },
) {
  const { provider, reference, redirectUrl } = asked;
  await tx
    .update(paymentAttempts)
    .set({ reference, redirectUrl })
    .where(eq(paymentAttempts.id, attempt.id));
  await tx
    .update(orders)
    .set({
      paymentProvider: provider,
      paymentReference: reference,
      paymentRedirectUrl: redirectUrl,
      // A new attempt is asked about afresh (a payment's answer is per attempt).
      paymentStatus: null,
    })
    .where(eq(orders.id, attempt.orderId));
  await recordOrderEvent(tx, {
    orderId: attempt.orderId,
    kind: "payment_requested",
    details: { provider, reference, attempt: attempt.number },
  });
}

/**
 * The order's payment request failed: Failed, its claim let go (so the shopper's "try again" can
 * ask at once), and its timeline says why. `onlyPending`: only an order still Pending changes.
 * Answers where its pieces stand, or null when it did not change.
 */
export async function paymentRequestFailed(
  tx: Tx,
  orderId: string,
  why: { provider: string; reason: string },
  onlyPending = false,
) {
  const [failed] = await tx
    .update(orders)
    .set({ status: "Failed", paymentRequestedAt: null })
    .where(
      onlyPending
        ? and(eq(orders.id, orderId), eq(orders.status, "Pending"))
        : eq(orders.id, orderId),
    )
    .returning({ stockState: orders.stockState });
  if (onlyPending && !failed) return null;
  await recordOrderEvent(tx, { orderId, kind: "payment_request_failed", details: why });
  return failed?.stockState ?? null;
}
