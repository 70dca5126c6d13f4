import { apiError } from "~/utils/api-error";
import { containsNul, NUL_REFUSED } from "~/utils/nul";
import type { PaymentNotification } from "../provider";

type Fields = {
  OrderTrackingId?: unknown;
  OrderMerchantReference?: unknown;
  OrderNotificationType?: unknown;
};

const MAX_BYTES = 8 * 1024;

const field = (value: unknown, max: number) =>
  typeof value === "string" ? value.slice(0, max) : "";

/**
 * Pesapal's instant payment notification, by GET (query) or POST (JSON, or a form from some
 * senders). It carries no status: it only names the payment to ask about. Pesapal expects a JSON
 * answer echoing the notification, with status 200, or 500 when it could not be processed (it
 * then sends the notification again).
 */
export async function readPesapalNotification(
  request: Request,
): Promise<PaymentNotification | Response> {
  const query: Fields = Object.fromEntries(new URL(request.url).searchParams);
  let fields: Fields = query;
  if (request.method === "POST") {
    const text = await request.text();
    if (text.length > MAX_BYTES) {
      return apiError(413, "INVALID_ARGUMENT", "The notification is too large.");
    }
    let body: Fields = {};
    try {
      const parsed = text ? JSON.parse(text) : {};
      body = parsed && typeof parsed === "object" ? parsed : {};
    } catch {
      body = Object.fromEntries(new URLSearchParams(text));
    }
    fields = { ...query, ...body };
  }
  const reference = field(fields.OrderTrackingId, 100);
  // No notification of Pesapal's holds one; asking the database with it would only fail.
  if (containsNul(fields)) return apiError(400, "INVALID_ARGUMENT", NUL_REFUSED);
  if (!reference) return apiError(400, "INVALID_ARGUMENT", "OrderTrackingId is required.");
  const merchantReference = field(fields.OrderMerchantReference, 100);
  const type = field(fields.OrderNotificationType, 40);
  return {
    reference,
    reply: (handled) =>
      Response.json(
        {
          orderNotificationType: type,
          orderTrackingId: reference,
          orderMerchantReference: merchantReference,
          status: handled ? 200 : 500,
        },
        { status: handled ? 200 : 500 },
      ),
  };
}
