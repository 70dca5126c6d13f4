import { requestPayment } from "~/flows/request-payment.server";
import { msg } from "~/i18n/messages";
import { HoldRefused, NotEnoughStockError } from "~/modules/inventory/stock.server";
import { holdTermsOf } from "~/modules/inventory/stock-rules";
import { payOrderAgainTarget } from "~/modules/orders/order-success.server";
import { PaymentRequestFailed, PromptRefused } from "~/modules/orders/payment-asked.server";
import { attemptAgainOf } from "~/modules/orders/payment-waiting.server";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import type { Services } from "~/services.server";

/** New prompts (or another way to pay) for one order: enough for a shopper, not for a flood. */
export const ATTEMPTS_PER_ORDER: Limit = {
  name: "payment-attempts",
  points: 6,
  windowSeconds: 600,
};

/** What paying needs of the shop: its database, payment providers and settings. */
export type PayingShop = Pick<Services, "db" | "database" | "payments" | "settings">;

type Answer = { redirectUrl: string } | { error: string; status: 400 | 403 | 404 | 429 | 502 };

/**
 * 'Send the prompt again' (to the number given) or 'Pay another way', for the order the page's
 * attempt belongs to: a new attempt, answered with where the shopper goes next, or a sentence.
 */
export async function payAgain(
  shop: PayingShop,
  page: string,
  choice: { way: "again" | "other"; payerPhone?: string; cartId?: string | null },
): Promise<Answer> {
  const again = await attemptAgainOf(shop, page, choice);
  if ("error" in again) return again;
  const counted = await countAttempt(shop.db, ATTEMPTS_PER_ORDER, again.orderId);
  if (!counted.allowed) return { error: msg.paymentTooManyAttempts, status: 429 };
  const env = shop.settings;
  try {
    const answer = await requestPayment(shop.database, {
      orderId: again.orderId,
      provider: shop.payments.get(again.provider),
      mode: "new",
      ...(again.payerPhone ? { payerPhone: again.payerPhone } : {}),
      publicUrl: env.PUBLIC_URL,
      shopName: env.SHOP_NAME,
      hold: holdTermsOf(env),
    });
    return { redirectUrl: answer.redirectUrl };
  } catch (error) {
    if (error instanceof PromptRefused) return { error: error.message, status: 429 };
    if (error instanceof PaymentRequestFailed && error.reason === "paid") {
      return { redirectUrl: `/order-success?attempt=${encodeURIComponent(page)}` };
    }
    if (error instanceof PaymentRequestFailed)
      return { error: msg.paymentServiceUnreachable, status: 502 };
    if (error instanceof NotEnoughStockError || error instanceof HoldRefused) {
      return { error: error.message, status: 400 };
    }
    throw error;
  }
}

/**
 * 'Try again' or 'Pay again' after a payment that did not go through, from the browser that
 * placed the order: the waiting page of a provider that has one, else a new attempt at once.
 */
export async function payOrderAgain(
  shop: PayingShop,
  attemptId: string,
  cartId: string | null,
): Promise<Answer> {
  const target = await payOrderAgainTarget(shop.db, attemptId, cartId);
  if (!("again" in target)) return target;
  return payAgain(shop, target.again, { way: "again" });
}
