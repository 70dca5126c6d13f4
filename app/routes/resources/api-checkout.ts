import { z } from "zod";
import { classifyDatabaseFailure, INPUT_REJECTED } from "~/db/database-errors";
import { startCheckout } from "~/flows/start-checkout.server";
import { msg } from "~/i18n/messages";
import { CheckoutError } from "~/modules/checkout/pricing";
import { clientAddressContext, servicesContext } from "~/services.server";
import { apiError } from "~/utils/api-error";
import { logger } from "~/utils/logger.server";
import { containsNul, NUL_REFUSED } from "~/utils/nul";
import type { Route } from "./+types/api-checkout";

const MAX_BODY_BYTES = 32 * 1024;

/** The spec's call body: {data: {items, checkoutData, total}}. Names and prices sent are ignored. */
const body = z.object({
  data: z.object({
    items: z
      .array(
        z.object({
          id: z.union([z.string(), z.number()]).transform(String),
          quantity: z.number(),
          size: z.string().max(20).nullish(),
        }),
      )
      .max(50),
    checkoutData: z.record(z.string(), z.unknown()),
    total: z.number(),
    /**
     * How to pay: a provider's name ('mpesa-express': a prompt on the phone, answered with the
     * shop's waiting page; 'pesapal': its payment page); the shop's first when absent.
     * `paymentProvider` is the older name of the same field.
     */
    paymentMethod: z.string().max(40).optional(),
    paymentProvider: z.string().max(40).optional(),
    /** Another M-Pesa number for the prompt than checkoutData.phone. */
    payerPhone: z.string().max(40).optional(),
    /** A discount code, as the shopper typed it; `total` is then the total with it. */
    discountCode: z.string().max(40).optional(),
  }),
});

/**
 * POST /api/checkout: the spec's JSON checkout call, answering {data: {redirectUrl}}. It takes
 * only application/json (a type no cross-site form can send), so it needs no Origin check.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "INVALID_ARGUMENT", "Use POST.");
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    return apiError(415, "INVALID_ARGUMENT", "Send the checkout as application/json.");
  }
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    return apiError(413, "INVALID_ARGUMENT", "The request is too large.");
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES)
    return apiError(413, "INVALID_ARGUMENT", "The request is too large.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return apiError(400, "INVALID_ARGUMENT", "The request is not valid JSON.");
  }
  if (containsNul(json)) return apiError(400, "INVALID_ARGUMENT", NUL_REFUSED);
  const parsed = body.safeParse(json);
  if (!parsed.success)
    return apiError(400, "INVALID_ARGUMENT", "The request does not have the checkout's shape.");
  const { items, checkoutData, total, paymentMethod, paymentProvider, payerPhone, discountCode } =
    parsed.data.data;
  try {
    const { redirectUrl } = await startCheckout(context.get(servicesContext), request, {
      form: checkoutData,
      items: items.map((i) => ({ productId: i.id, size: i.size ?? "", quantity: i.quantity })),
      clientTotal: total,
      provider: paymentMethod ?? paymentProvider,
      payerPhone,
      discountCode,
      clientAddress: context.get(clientAddressContext),
    });
    return Response.json({ data: { redirectUrl } });
  } catch (error) {
    if (error instanceof CheckoutError) return apiError(error.status, error.code, error.message);
    // Refused by the database for a value it carried: the request's fault, and nothing was paid.
    if (classifyDatabaseFailure(error) === "rejected input") {
      logger.warn({ err: error }, "checkout refused by the database for its input");
      return apiError(400, "INVALID_ARGUMENT", INPUT_REJECTED);
    }
    logger.error({ err: error }, "checkout failed");
    return apiError(500, "INTERNAL", msg.paymentFailed);
  }
}

export function loader() {
  return apiError(405, "INVALID_ARGUMENT", "Use POST.");
}
