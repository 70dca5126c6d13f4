import { classifyDatabaseFailure, INPUT_REJECTED } from "~/db/database-errors";
import { apiError } from "~/utils/api-error";
import { logger } from "~/utils/logger.server";
import { type SettlingShop, settleOrder } from "./settlement.server";

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
    const settled = await settleOrder(shop, payment, "ipn");
    if (!settled) logger.warn(payment, "payment notification for an unknown order");
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
