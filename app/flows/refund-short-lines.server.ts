import type { Db } from "~/db/client.server";
import type { MessageSettings } from "~/modules/messages/outbox.server";
import { shortRefundLines } from "~/modules/orders/refund-rules";
import { claimShortRefund } from "~/modules/orders/refunds.server";
import type { PaymentProviders } from "~/modules/payments/registry";
import { logger } from "~/utils/logger.server";
import { refundOrder } from "./refund-order.server";

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
  const order = await claimShortRefund(db, orderId);
  if (!order) return;
  try {
    await refundOrder(
      { database: { db }, payments: shop.payments, settings: shop.settings },
      {
        orderId,
        amount: null,
        lines: shortRefundLines(order.items, order.stockShort),
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
