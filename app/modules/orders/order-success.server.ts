import type { Db } from "~/db/client.server";
import { clearCart, restoreItems } from "~/modules/cart/cart.server";
import { providerLabel } from "~/modules/payments/provider-labels";
import type { PaymentProviders, PaymentRef } from "~/modules/payments/registry";
import { logger } from "~/utils/logger.server";
import { orderForPayment, settleOrder } from "./settlement.server";

/**
 * The shopper's return from the payment provider: settles the order by asking the provider (never
 * trusting the query string), clears the cart that placed it, and tells only that browser the
 * order's details.
 */
export async function arriveFromPayment(
  db: Db,
  providers: PaymentProviders,
  payment: PaymentRef | null,
  cartId: string | null,
) {
  if (!payment) return null;
  try {
    await settleOrder(db, providers, payment, "callback");
  } catch (error) {
    // Provider unreachable: show what we know; its notification or the reconciliation will settle.
    logger.warn({ err: error, ...payment }, "could not ask the payment provider on the return");
  }
  const order = await orderForPayment(db, payment);
  if (!order) return null;
  const owner = Boolean(cartId && order.cartId === cartId);
  if (owner && cartId) await clearCart(db, cartId);
  return {
    status: order.status,
    reference: order.id.slice(0, 8).toUpperCase(),
    provider: providerLabel(order.paymentProvider),
    owner,
    details: owner
      ? {
          name: order.customerName,
          amount: order.amount,
          deliveryFee: order.deliveryFee,
          items: order.items,
          paymentMethod: order.paymentMethod,
        }
      : null,
  };
}

/** 'Try again' after a failed payment: the order's items go back into the cart that placed it. */
export async function retryOrder(db: Db, payment: PaymentRef, cartId: string | null) {
  const order = await orderForPayment(db, payment);
  if (!order || !cartId || order.cartId !== cartId) return cartId;
  return restoreItems(
    db,
    cartId,
    order.items
      .filter((i) => i.productId)
      .map((i) => ({ productId: i.productId!, size: i.size ?? "", quantity: i.quantity })),
  );
}
