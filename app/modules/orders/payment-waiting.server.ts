import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { describeProvider } from "~/modules/payments/catalogue";
import { paymentFailureText } from "~/modules/payments/payment-failure";
import type { PaymentProviders } from "~/modules/payments/registry";
import { orderReference } from "~/terms/order-reference";
import { readablePhone } from "~/terms/phone";
import { attemptOfPage } from "./payment-attempts.server";
import { paymentFact } from "./tracking.server";

/** What the waiting page needs of the shop: its database, payment providers and settings. */
export type Shop = { db: Db; payments: PaymentProviders };

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
 * The page a shopper waits on while they pay on their phone, as the attempt its unguessable id
 * names stands now (flows/waiting-payment.server.ts asks the provider first), or where the shopper
 * goes next. Its sentences are in the request's language.
 */
export async function readWaitingPayment(shop: Shop, page: string, cartId: string | null = null) {
  const attempt = await attemptOfPage(shop.db, page);
  if (!attempt) return null;
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
 * The new attempt 'Send the prompt again' (to the number given) or 'Pay another way' would make
 * for the order the page's attempt belongs to: its order, provider and number to prompt, or the
 * sentence saying why not.
 */
export async function attemptAgainOf(
  shop: Pick<Shop, "db" | "payments">,
  page: string,
  choice: { way: "again" | "other"; payerPhone?: string; cartId?: string | null },
): Promise<
  | { orderId: string; provider: string; payerPhone?: string }
  | { error: string; status: 400 | 403 | 404 }
> {
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
  return {
    orderId: attempt.orderId,
    provider: name,
    ...(choice.way === "again" && (choice.payerPhone ?? attempt.phone)
      ? { payerPhone: choice.payerPhone ?? attempt.phone! }
      : {}),
  };
}

/** The order's payment as the shopper's return names it, from an attempt's waiting page. */
export async function paymentOfAttempt(shop: Pick<Shop, "db">, page: string) {
  const attempt = await attemptOfPage(shop.db, page);
  if (!attempt) return null;
  const [order] = await shop.db
    .select({ provider: orders.paymentProvider, reference: orders.paymentReference })
    .from(orders)
    .where(eq(orders.id, attempt.orderId));
  return order?.reference ? { provider: order.provider, reference: order.reference } : null;
}
