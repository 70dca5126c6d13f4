import { mayAskStatus, unfinishedAttempts } from "~/modules/orders/payment-asks.server";
import type { PaymentAttempt } from "~/modules/orders/payment-attempts.server";
import { logger } from "~/utils/logger.server";
import { type SettlingShop, settleOrder } from "./settle-payment.server";

/** How often the shopper's waiting page may have the provider asked about one order. */
export const WAITING_ASK_EVERY_MS = 5_000;

/**
 * Asks the provider about an unfinished attempt, at most once per `everyMs` for its order across
 * processes (M-Pesa's query is rate-limited), and fails it once its provider's time is surely up.
 */
export async function checkAttempt(
  shop: SettlingShop,
  attempt: Pick<PaymentAttempt, "orderId" | "provider" | "reference" | "state" | "createdAt">,
  everyMs = WAITING_ASK_EVERY_MS,
) {
  if (!attempt.reference || !["open", "replaced"].includes(attempt.state)) return;
  if (!shop.payments.has(attempt.provider)) return;
  const expiresMs = shop.payments.get(attempt.provider).attemptExpiresMs;
  const expired = expiresMs !== undefined && Date.now() - attempt.createdAt.getTime() > expiresMs;
  if (!(await mayAskStatus(shop.db, attempt.orderId, everyMs))) return;
  const payment = { provider: attempt.provider, reference: attempt.reference };
  try {
    await settleOrder(shop, payment, "callback", { expired });
  } catch (error) {
    logger.warn({ err: error, ...payment }, "could not ask the payment provider about an attempt");
  }
}

/**
 * The reconciliation's part for providers whose attempts expire (M-Pesa prompts): every attempt
 * still unfinished after its callback should have come is asked about, until it has surely
 * expired, then failed (its order's units go back when no other attempt is open).
 */
export async function reconcileOpenAttempts(shop: SettlingShop, batch = 20): Promise<number> {
  const expiring = shop.payments
    .names()
    .filter((name) => shop.payments.get(name).attemptExpiresMs !== undefined);
  if (expiring.length === 0) return 0;
  const due = await unfinishedAttempts(shop.db, expiring, batch);
  for (const attempt of due) await checkAttempt(shop, attempt, 20_000);
  return due.length;
}
