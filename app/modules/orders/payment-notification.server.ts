import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { classifyDatabaseFailure, INPUT_REJECTED } from "~/db/database-errors";
import type { PaymentRef } from "~/modules/payments/registry";
import { apiError } from "~/utils/api-error";
import { logger } from "~/utils/logger.server";
import { orderForPayment, type SettlingShop, settleOrder } from "./settlement.server";

/**
 * However many notifications arrive for one order (a provider retrying, or anyone replaying its
 * URL), the shop asks the provider about it at most once per this many milliseconds, across its
 * processes; a notification inside the window is answered at once and followed by one more ask
 * when the window ends, so a payment completing meanwhile is never missed.
 */
export const STATUS_ASK_INTERVAL_MS = 3_000;

/** Takes the order's turn to ask its provider, if its last ask is older than the interval. */
async function mayAskStatus(db: Db, orderId: string) {
  const { rows } = await db.execute(sql`
    update orders set status_asked_at = now()
     where id = ${orderId}
       and (status_asked_at is null
            or status_asked_at <= now() - make_interval(secs => ${STATUS_ASK_INTERVAL_MS / 1000}))
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
    const known = await orderForPayment(shop.db, payment);
    if (!known) {
      logger.warn(payment, "payment notification for an unknown order");
      return notification.reply(true);
    }
    if (!(await mayAskStatus(shop.db, known.id))) {
      askWhenTheWindowEnds(shop, known.id, payment);
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
