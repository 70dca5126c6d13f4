import { eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { checkAttempt } from "~/flows/check-attempts.server";
import { msg } from "~/i18n/messages";
import { HoldRefused, NotEnoughStockError } from "~/modules/inventory/stock.server";
import { holdTermsOf } from "~/modules/inventory/stock-rules";
import { describeProvider } from "~/modules/payments/catalogue";
import { paymentFailureText } from "~/modules/payments/payment-failure";
import type { PaymentProviders } from "~/modules/payments/registry";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import type { Services } from "~/services.server";
import { readablePhone } from "~/terms/phone";
import { orderReference } from "../../terms/order-reference";
import { attemptOfPage } from "./payment-attempts.server";
import { PaymentRequestFailed, PromptRefused, requestPayment } from "./payment-request.server";
import { paymentFact } from "./tracking.server";

/** New prompts (or another way to pay) for one order: enough for a shopper, not for a flood. */
export const ATTEMPTS_PER_ORDER: Limit = {
  name: "payment-attempts",
  points: 6,
  windowSeconds: 600,
};
/** What paying needs of the shop: its database, payment providers and settings. */
export type Shop = Pick<Services, "db" | "database" | "payments" | "settings">;

/**
 * Whether the request comes from the browser that placed the order: its cart cookie (http-only,
 * unguessable, never shown on a page) names the order's cart. Only that browser may send a prompt
 * again or to another number; anyone else with the page's link only sees it.
 */
const placedHere = (order: { cartId: string | null }, cartId: string | null) =>
  order.cartId !== null && order.cartId === cartId;

/** Whether a provider sends a prompt to a phone (the M-Pesa number is its to choose). */
const prompts = (name: string | null) => Boolean(name && describeProvider(name)?.asksPayerPhone);

/**
 * The page a shopper waits on while they pay on their phone: the attempt its unguessable id
 * names, asked about at most every few seconds, or where the shopper goes next. Its sentences are
 * in the request's language.
 */
export async function waitingPayment(shop: Shop, page: string, cartId: string | null = null) {
  const found = await attemptOfPage(shop.db, page);
  if (!found) return null;
  await checkAttempt(shop, found);
  const attempt = (await attemptOfPage(shop.db, page))!;
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (!order) return null;
  const description = describeProvider(attempt.provider);
  const provider = shop.payments.has(attempt.provider) ? shop.payments.get(attempt.provider) : null;
  const fact = paymentFact(order);
  const paid = fact === "paid" || !["Pending", "Failed"].includes(order.status);
  // A payment claimed for another amount: the waiting is over, the order's page says why.
  const state = paid
    ? "paid"
    : fact === "checking"
      ? "checking"
      : attempt.state === "open"
        ? "waiting"
        : "failed";
  const demo =
    state === "waiting" && attempt.reference
      ? (provider?.demoPhone?.(attempt.reference) ?? null)
      : null;
  const words = description?.waiting ? msg.payWaitingWords[attempt.provider] : undefined;
  const mine = placedHere(order, cartId);
  const other = otherProvider(shop.payments, attempt.provider);
  // 'Pay another way' that would prompt a phone is the placing browser's too.
  const anotherWay = other !== null && (mine || !prompts(other));
  return {
    state,
    heading: words?.heading ?? msg.payWaitingHeading,
    again: words?.again ?? msg.tryAgain,
    amount: attempt.amount,
    phone: readablePhone(attempt.phone ?? order.customerPhone),
    reference: orderReference(order.id),
    failure:
      state !== "failed"
        ? null
        : attempt.state === "replaced"
          ? msg.paymentReplaced
          : paymentFailureText(attempt.status?.failure, description?.label ?? attempt.provider),
    /** False: another browser has the link; it is told who may send the prompt again. */
    mine,
    notMine: mine
      ? null
      : anotherWay
        ? msg.payOnlyFromPlacingPhone
        : msg.payOnlyFromPlacingPhoneNoOther,
    anotherWay,
    demo: demo?.open ? demo : null,
  };
}

/** The provider 'Pay another way' uses: the first set up that is not this attempt's. */
function otherProvider(payments: PaymentProviders, name: string) {
  return payments.names().find((other) => other !== name) ?? null;
}

/**
 * 'Send the prompt again' (to the number given) or 'Pay another way', for the order the page's
 * attempt belongs to: a new attempt, answered with where the shopper goes next, or a sentence.
 */
export async function payAgain(
  shop: Shop,
  page: string,
  choice: { way: "again" | "other"; payerPhone?: string; cartId?: string | null },
): Promise<{ redirectUrl: string } | { error: string; status: 400 | 403 | 404 | 429 | 502 }> {
  const attempt = await attemptOfPage(shop.db, page);
  if (!attempt) return { error: msg.paymentNotFound, status: 404 };
  const name =
    choice.way === "again" ? attempt.provider : otherProvider(shop.payments, attempt.provider);
  if (!name || !shop.payments.has(name)) {
    return { error: msg.paymentMethodUnavailable, status: 400 };
  }
  if (prompts(name)) {
    const [order] = await shop.db
      .select({ cartId: orders.cartId })
      .from(orders)
      .where(eq(orders.id, attempt.orderId));
    if (!order || !placedHere(order, choice.cartId ?? null)) {
      const other = otherProvider(shop.payments, attempt.provider);
      const error =
        choice.way === "again" && other && !prompts(other)
          ? msg.payOnlyFromPlacingPhone
          : msg.payOnlyFromPlacingPhoneNoOther;
      return { error, status: 403 };
    }
  }
  const counted = await countAttempt(shop.db, ATTEMPTS_PER_ORDER, attempt.orderId);
  if (!counted.allowed) return { error: msg.paymentTooManyAttempts, status: 429 };
  const env = shop.settings;
  try {
    const answer = await requestPayment(shop.database, {
      orderId: attempt.orderId,
      provider: shop.payments.get(name),
      mode: "new",
      ...(choice.way === "again" && (choice.payerPhone ?? attempt.phone)
        ? { payerPhone: choice.payerPhone ?? attempt.phone! }
        : {}),
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

/** The order's payment as the shopper's return names it, from an attempt's waiting page. */
export async function paymentOfAttempt(shop: Pick<Services, "db">, page: string) {
  const attempt = await attemptOfPage(shop.db, page);
  if (!attempt) return null;
  const [order] = await shop.db
    .select({ provider: orders.paymentProvider, reference: orders.paymentReference })
    .from(orders)
    .where(eq(orders.id, attempt.orderId));
  return order?.reference ? { provider: order.provider, reference: order.reference } : null;
}
