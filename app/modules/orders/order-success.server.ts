import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { clearCart, restoreItems } from "~/modules/cart/cart.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { logger } from "~/utils/logger.server";
import { settleOrder } from "./settlement.server";

/**
 * The shopper's return from Pesapal: settles the order by asking Pesapal (never trusting the
 * query string), clears the cart that placed it, and tells only that browser the order's details.
 */
export async function arriveFromPayment(
  db: Db,
  provider: PaymentProvider,
  trackingId: string,
  cartId: string | null,
) {
  if (!trackingId) return null;
  try {
    await settleOrder(db, provider, trackingId, "callback");
  } catch (error) {
    // Pesapal unreachable: show what we know; the IPN or the reconciliation will settle it.
    logger.warn({ err: error, trackingId }, "could not ask Pesapal on the shopper's return");
  }
  const [order] = await db.select().from(orders).where(eq(orders.pesapalTrackingId, trackingId));
  if (!order) return null;
  const owner = Boolean(cartId && order.cartId === cartId);
  if (owner && cartId) await clearCart(db, cartId);
  return {
    status: order.status,
    reference: order.id.slice(0, 8).toUpperCase(),
    owner,
    details: owner
      ? {
          name: order.customerName,
          amount: order.amount,
          items: order.items,
          paymentMethod: order.paymentMethod,
        }
      : null,
  };
}

/** 'Try again' after a failed payment: the order's items go back into the cart that placed it. */
export async function retryOrder(db: Db, trackingId: string, cartId: string | null) {
  const [order] = await db.select().from(orders).where(eq(orders.pesapalTrackingId, trackingId));
  if (!order || !cartId || order.cartId !== cartId) return cartId;
  return restoreItems(
    db,
    cartId,
    order.items
      .filter((i) => i.productId)
      .map((i) => ({ productId: i.productId!, size: i.size ?? "", quantity: i.quantity })),
  );
}
