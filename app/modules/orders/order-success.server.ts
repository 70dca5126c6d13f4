import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { type SettlingShop, settleOrder } from "~/flows/settle-payment.server";
import { msg } from "~/i18n/messages";
import { clearCart, restoreItems } from "~/modules/cart/cart.server";
import { describeProvider } from "~/modules/payments/catalogue";
import { paymentFailureText } from "~/modules/payments/payment-failure";
import { providerLabel } from "~/modules/payments/provider-labels";
import type { PaymentRef } from "~/modules/payments/registry";
import { pathIn } from "~/utils/language";
import { logger } from "~/utils/logger.server";
import { shopCookie } from "~/utils/shop-cookie.server";
import { isUuid } from "~/utils/uuid";
import { attemptForPayment, attemptOfPage } from "./payment-attempts.server";
import { payAgain, type Shop } from "./payment-waiting.server";
import { orderForPayment } from "./settled-orders.server";
import { orderReference, paidOrderOfPurchase, paymentFact } from "./tracking.server";

/**
 * The shopper's return from the payment provider: settles the order by asking the provider (never
 * trusting the query string), clears the cart that placed it, and tells only that browser the
 * order's details.
 */
export async function arriveFromPayment(
  shop: SettlingShop,
  payment: PaymentRef | null,
  cartId: string | null,
) {
  if (!payment) return null;
  const { db } = shop;
  try {
    await settleOrder(shop, payment, "callback");
  } catch (error) {
    // Provider unreachable: show what we know; its notification or the reconciliation will settle.
    logger.warn({ err: error, ...payment }, "could not ask the payment provider on the return");
  }
  const order = await orderForPayment(db, payment);
  if (!order) return null;
  const owner = Boolean(cartId && order.cartId === cartId);
  if (owner && cartId) await clearCart(db, cartId);
  const fact = paymentFact(order);
  const paidAs = fact === "paid" ? null : await paidOrderOfPurchase(db, order);
  return {
    /** The attempt 'Pay again' pays the order with, for the cart that placed it. */
    payAgain: owner ? await countingAttemptId(db, order) : null,
    status: order.status,
    /** The language it was placed in: its page is shown in it (order-language.server.ts). */
    language: order.language,
    payment: fact,
    /**
     * Another order of the same purchase was paid: this one needs nothing more. Its page is
     * linked for the cart that placed both.
     */
    paidAs: paidAs && {
      reference: paidAs.reference,
      trackingPath: owner ? paidAs.trackingPath : null,
    },
    /** Why a failed payment did not go through, in plain words. */
    failure:
      fact === "failed"
        ? paymentFailureText(order.paymentStatus?.failure, providerLabel(order.paymentProvider))
        : null,
    /** When the order was placed: 'Confirming...' gives up after two minutes of it. */
    placedAt: order.createdAt.toISOString(),
    reference: orderReference(order.id),
    provider: providerLabel(order.paymentProvider),
    owner,
    details: owner
      ? {
          name: order.customerName,
          amount: order.amount,
          deliveryFee: order.deliveryFee,
          discountCode: order.discountCode,
          discount: order.discount,
          items: order.items,
          paymentMethod: order.paymentMethod,
          delivery: {
            method: msg.deliveryMethods[order.deliveryMethod] ?? order.deliveryMethod,
            pickup: order.deliveryMethod === "pickup",
            pickupLocation: order.pickupLocation,
            address: [order.address, order.city].filter(Boolean).join(", "),
          },
          trackingPath: `/orders/${order.trackingToken}`,
        }
      : null,
  };
}

type PayingShop = Shop;

/**
 * 'Try again' or 'Pay again' after a payment that did not go through, from the browser that
 * placed the order: a new attempt of the same order (one order, one reference), through either
 * provider. A provider whose shopper waits on the shop's own page (M-Pesa) goes back to that page,
 * where the prompt is sent again by its own rules; one with a page of its own (Pesapal) gets a new
 * attempt at once and the shopper goes to its page.
 */
export async function payOrderAgain(
  shop: PayingShop,
  attemptId: string,
  cartId: string | null,
): Promise<{ redirectUrl: string } | { error: string; status: 400 | 403 | 404 | 429 | 502 }> {
  const attempt = await attemptOfPage(shop.db, attemptId);
  if (!attempt) return { error: msg.paymentNotFound, status: 404 };
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (!order) return { error: msg.paymentNotFound, status: 404 };
  if (!cartId || order.cartId !== cartId) return { error: msg.trackFailedPayThere, status: 403 };
  const tracking = pathIn(order.language, `/orders/${order.trackingToken}`);
  const fact = paymentFact(order);
  if (fact === "paid" || fact === "checking" || !["Pending", "Failed"].includes(order.status)) {
    return { redirectUrl: tracking };
  }
  const paidAs = await paidOrderOfPurchase(shop.db, order);
  if (paidAs) return { redirectUrl: pathIn(order.language, paidAs.trackingPath) };
  const counting =
    (order.paymentReference
      ? await attemptForPayment(shop.db, {
          provider: order.paymentProvider,
          reference: order.paymentReference,
        })
      : null) ?? attempt;
  if (describeProvider(counting.provider)?.waiting) {
    return { redirectUrl: pathIn(order.language, `/pay/${counting.id}`) };
  }
  return payAgain(shop, counting.id, { way: "again" });
}

/**
 * The attempt that counts for an order, by its waiting page's id: what 'Pay again' posts.
 */
export async function countingAttemptId(
  db: Db,
  order: Pick<typeof orders.$inferSelect, "paymentProvider" | "paymentReference">,
) {
  if (!order.paymentReference) return null;
  const attempt = await attemptForPayment(db, {
    provider: order.paymentProvider,
    reference: order.paymentReference,
  });
  return attempt?.id ?? null;
}

/**
 * The order a 'Try again' (or 'Pay again') came from, for the cart page to fill its checkout form
 * in again with. It holds only the order's id: the details are read from the order, and only for
 * the cart that placed it.
 */
export const retryCookie = shopCookie("retry", { maxAge: 60 * 60 });

/**
 * 'Try again' after a failed payment: the order's items go back into the cart that placed it, and
 * the cart page is told which order to take the shopper's details from.
 */
export async function retryOrder(db: Db, payment: PaymentRef, cartId: string | null) {
  const order = await orderForPayment(db, payment);
  if (!order || !cartId || order.cartId !== cartId) return { cartId, orderId: null };
  // Paid by another order already: nothing goes back into the cart to be bought twice.
  if (await paidOrderOfPurchase(db, order)) return { cartId, orderId: null };
  const restored = await restoreItems(
    db,
    cartId,
    order.items
      .filter((i) => i.productId)
      .map((i) => ({ productId: i.productId!, size: i.size ?? "", quantity: i.quantity })),
  );
  return { cartId: restored, orderId: order.id };
}

/** The order the retry cookie names, when this cart placed it. */
async function orderTriedAgain(db: Db, request: Request, cartId: string | null) {
  const orderId = await retryCookie.parse(request.headers.get("Cookie"));
  if (!cartId || typeof orderId !== "string" || !isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order && order.cartId === cartId ? order : null;
}

/**
 * The purchase a checkout continues: after 'Try again' or 'Pay again' from this cart, the first
 * order of the purchase tried again; otherwise null (a purchase of its own).
 */
export async function purchaseTriedAgain(db: Db, request: Request, cartId: string | null) {
  const order = await orderTriedAgain(db, request, cartId);
  return order ? (order.retryOf ?? order.id) : null;
}

/** A stored phone number (2547XXXXXXXX) as shoppers type it: 07XXXXXXXX. */
const localPhone = (phone: string) => (/^254\d{9}$/.test(phone) ? `0${phone.slice(3)}` : phone);

/**
 * What the shopper typed for the order they are trying again, and why its payment did not go
 * through: read from the order the retry cookie names, only when it was placed by this cart.
 */
export async function checkoutToRetry(db: Db, request: Request, cartId: string | null) {
  const order = await orderTriedAgain(db, request, cartId);
  if (!order || (await paidOrderOfPurchase(db, order))) return null;
  const failed = paymentFact(order) === "failed";
  return {
    values: {
      name: order.customerName,
      phone: localPhone(order.customerPhone),
      email: order.customerEmail,
      address: order.address,
      city: order.city,
      notes: order.notes,
      deliveryMethod: order.deliveryMethod,
      pickupLocation: order.pickupLocation ?? "",
      paymentProvider: order.paymentProvider,
      payerPhone: "",
    },
    failure: failed
      ? paymentFailureText(order.paymentStatus?.failure, providerLabel(order.paymentProvider))
      : null,
  };
}
