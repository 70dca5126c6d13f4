import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import type { MessageSettings } from "~/modules/messages/outbox.server";
import type { PaymentProviders } from "~/modules/payments/registry";
import { logger } from "~/utils/logger.server";
import { refundOrder } from "./refunds.server";

/** Why the shop gave the money back by itself, as the refund and the shopper's message say. */
export const SHORT_REFUND_REASON = "Sold out before the payment completed";

/**
 * A payment that completed after its hold ended, for pieces sold meanwhile (decision 57): the
 * pieces it lacks are refunded at once through the provider that took the payment, where it can
 * refund (Pesapal); elsewhere, or when the provider refuses, the order stays flagged 'Oversold:
 * needs attention' for the owner. Tried once per order: the event says it was.
 */
export async function refundShortLines(
  shop: { db: Db; payments: PaymentProviders; settings: MessageSettings },
  orderId: string,
) {
  const { db } = shop;
  // Asked after every completed payment's settlement: nearly always nothing is short, and that
  // is seen without taking the order's lock.
  const [short] = await db
    .select({ lines: orders.stockShort })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!short?.lines?.length) return;
  const order = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row?.stockShort?.length) return null;
    const [tried] = await tx
      .select({ id: orderEvents.id })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "short_refund_tried")));
    if (tried) return null;
    await tx.insert(orderEvents).values({ orderId, kind: "short_refund_tried", details: {} });
    return row;
  });
  if (!order?.stockShort) return;
  const lines = order.stockShort.flatMap((short) => {
    // The short pieces, taken from the order's lines of that product and size, first to last.
    let left = short.short;
    return order.items.flatMap((item, line) => {
      if (left <= 0 || item.productId !== short.productId || (item.size ?? "") !== short.size) {
        return [];
      }
      const quantity = Math.min(left, item.quantity);
      left -= quantity;
      return [{ line, quantity, restock: false }];
    });
  });
  try {
    await refundOrder(
      { database: { db }, payments: shop.payments, settings: shop.settings },
      {
        orderId,
        amount: null,
        lines,
        reason: SHORT_REFUND_REASON,
        method: "provider",
        reference: "",
        adminId: null,
        adminName: shop.settings.SHOP_NAME,
      },
    );
  } catch (error) {
    // The payment is settled already; whatever stops the refund leaves the order to the owner
    // ('Oversold: needs attention'), never an error for the notification that settled it.
    logger.warn({ err: error, orderId }, "an oversold order is left to the owner");
  }
}
