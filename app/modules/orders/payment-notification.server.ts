import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { classifyDatabaseFailure, INPUT_REJECTED } from "~/db/database-errors";
import { paymentAttempts } from "~/db/schema";
import type { PaymentRef } from "~/modules/payments/registry";
import type { NotificationClaim } from "~/terms/payment-status";
import { apiError } from "~/utils/api-error";
import { logger } from "~/utils/logger.server";
import { attemptForPayment } from "./payment-attempts.server";
import { type SettlingShop, settleOrder } from "./settlement.server";
import { mergedClaim } from "./settlement-rules";

/**
 * Keeps what a notification claimed about an attempt (the receipt number comes only there):
 * the first claim, which a replay cannot change, unless this one repairs it (see `mergedClaim`).
 * Answers whether the kept claim changed: the provider is then asked at once.
 */
async function keepClaim(db: Db, attemptId: string, claim: NotificationClaim) {
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

/** Orders of this process with an ask waiting for the end of their window. */
const trailing = new Set<string>();

function askWhenTheWindowEnds(shop: SettlingShop, orderId: string, payment: PaymentRef) {
  if (trailing.has(orderId)) return;
  trailing.add(orderId);
  setTimeout(async () => {
    trailing.delete(orderId);
    try {
      if (await mayAskStatus(shop.db, orderId)) await settleOrder(shop, payment, "ipn");
    } catch (error) {
      logger.error({ err: error, ...payment }, "payment notification could not be processed");
    }
  }, STATUS_ASK_INTERVAL_MS).unref();
}

/**
 * A provider's notification about a payment: the provider reads it (and refuses a malformed one
 * with a 4xx), settlement asks the provider for the status, and the provider words the answer.
 * Notifications carry no authority, so their routes are exempt from the Origin check.
 */
export async function receivePaymentNotification(
  shop: SettlingShop,
  providerName: string,
  request: Request,
): Promise<Response> {
  const notification = await shop.payments.get(providerName).readNotification(request);
  if (notification instanceof Response) return notification;
  const payment = { provider: providerName, reference: notification.reference };
  try {
    const attempt = await attemptForPayment(shop.db, payment);
    // A provider that puts the attempt's token in its callback address: a callback without the
    // right one was not sent for this attempt, and changes nothing (it is answered alike).
    if (!attempt || (notification.token !== undefined && notification.token !== attempt.token)) {
      logger.warn(payment, "payment notification for an unknown payment");
      return notification.reply(true);
    }
    // An attempt's first callback (or one that repairs it) is asked about at once: there is one
    // per attempt, and the shopper is waiting on it. A replay waits its turn like any other.
    const first = notification.claim
      ? await keepClaim(shop.db, attempt.id, notification.claim)
      : false;
    if (!first && !(await mayAskStatus(shop.db, attempt.orderId))) {
      askWhenTheWindowEnds(shop, attempt.orderId, payment);
      return notification.reply(true);
    }
    await settleOrder(shop, payment, "ipn");
    return notification.reply(true);
  } catch (error) {
    if (classifyDatabaseFailure(error) === "rejected input") {
      logger.warn({ err: error, ...payment }, "payment notification refused by the database");
      return apiError(400, "INVALID_ARGUMENT", INPUT_REJECTED);
    }
    logger.error({ err: error, ...payment }, "payment notification could not be processed");
    return notification.reply(false);
  }
}
