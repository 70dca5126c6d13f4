import { classifyDatabaseFailure, INPUT_REJECTED } from "~/db/database-errors";
import {
  keepClaim,
  mayAskStatus,
  STATUS_ASK_INTERVAL_MS,
} from "~/modules/orders/payment-asks.server";
import { attemptForPayment } from "~/modules/orders/payment-attempts.server";
import type { PaymentRef } from "~/modules/payments/registry";
import { apiError } from "~/utils/api-error";
import { logger } from "~/utils/logger.server";
import { type SettlingShop, settleOrder } from "./settle-payment.server";

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
