import type { Db } from "~/db/client.server";
import { clearCart, restoreItems } from "~/modules/cart/cart.server";
import { returnedOrder } from "~/modules/orders/order-success.server";
import { orderForPayment } from "~/modules/orders/settled-orders.server";
import { paidOrderOfPurchase } from "~/modules/orders/tracking.server";
import type { PaymentRef } from "~/modules/payments/registry";
import { logger } from "~/utils/logger.server";
import { type SettlingShop, settleOrder } from "./settle-payment.server";

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
  return returnedOrder(db, order, owner);
}

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
