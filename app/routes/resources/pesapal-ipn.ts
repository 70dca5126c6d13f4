import { getDb } from "~/db/client.server";
import { settleOrder } from "~/modules/orders/settlement.server";
import { getPaymentProvider } from "~/modules/payments/payments.server";
import { apiError } from "~/utils/api-error";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/pesapal-ipn";

type Notification = {
  OrderTrackingId?: unknown;
  OrderMerchantReference?: unknown;
  OrderNotificationType?: unknown;
};

/**
 * Pesapal's instant payment notification, by GET (query) or POST (JSON). It carries no status:
 * it only tells us to ask Pesapal, so it needs no authority and is exempt from the Origin check.
 * Answers the JSON Pesapal expects: status 200, or 500 when it could not be processed (Pesapal
 * then retries).
 */
async function handle(fields: Notification) {
  const trackingId =
    typeof fields.OrderTrackingId === "string" ? fields.OrderTrackingId.slice(0, 100) : "";
  const reference =
    typeof fields.OrderMerchantReference === "string"
      ? fields.OrderMerchantReference.slice(0, 100)
      : "";
  const type =
    typeof fields.OrderNotificationType === "string"
      ? fields.OrderNotificationType.slice(0, 40)
      : "";
  const answer = (status: 200 | 500) =>
    Response.json(
      {
        orderNotificationType: type,
        orderTrackingId: trackingId,
        orderMerchantReference: reference,
        status,
      },
      { status: status === 200 ? 200 : 500 },
    );
  if (!trackingId) {
    return apiError(400, "INVALID_ARGUMENT", "OrderTrackingId is required.");
  }
  try {
    const settled = await settleOrder(getDb(), getPaymentProvider(), trackingId, "ipn");
    if (!settled) logger.warn({ trackingId, reference }, "IPN for an unknown order");
    return answer(200);
  } catch (error) {
    logger.error({ err: error, trackingId }, "IPN could not be processed");
    return answer(500);
  }
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(Object.fromEntries(new URL(request.url).searchParams));
}

export async function action({ request }: Route.ActionArgs) {
  const text = await request.text();
  if (text.length > 8 * 1024) {
    return apiError(413, "INVALID_ARGUMENT", "The notification is too large.");
  }
  let fields: Notification = {};
  try {
    const parsed = text ? JSON.parse(text) : {};
    fields = parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    // Some senders post a form or a query string instead of JSON.
    fields = Object.fromEntries(new URLSearchParams(text));
  }
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return handle({ ...query, ...fields });
}
