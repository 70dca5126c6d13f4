import { clearCart } from "~/modules/cart/cart.server";
import { returnedOrder } from "~/modules/orders/order-success.server";
import { orderForPayment } from "~/modules/orders/settled-orders.server";
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
