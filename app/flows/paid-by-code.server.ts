import type { Db } from "~/db/client.server";
import { sellHeldPieces } from "~/flows/order-stock.server";
import { recordEvent } from "~/modules/audit/audit.server";
import { type MessageSettings, queueOrderMessages } from "~/modules/messages/outbox.server";
import { startFulfilment } from "~/modules/orders/fulfilment.server";
import { lockOrder, markPaidByCode, PAID_BY_CODE_METHOD } from "~/modules/orders/new-orders.server";
import { recordSettlement } from "~/utils/metrics.server";

/**
 * An order whose discount code left nothing to pay (a total of 0): no provider takes a payment of
 * nothing, so the order is paid at once, as a completed payment would make it (decision 57):
 * Completed, its held pieces sold, packing begun, the shopper and the owner told, and the
 * activity trail saying which code paid it. Safe to call again: only a Pending order of 0 changes.
 * Answers whether the order is paid by its code now.
 */
export async function completePaidByCode(db: Db, settings: MessageSettings, orderId: string) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order?.amount !== 0) return false;
    if (order.status !== "Pending") return order.paymentMethod === PAID_BY_CODE_METHOD;
    await markPaidByCode(tx, order);
    await recordEvent(tx, {
      actorId: null,
      entity: "order",
      action: "paid_by_code",
      subjectId: order.id,
      after: { status: "Completed", discount_code: order.discountCode },
    });
    if (order.stockState === "held") await sellHeldPieces(tx, order.id);
    await startFulfilment(tx, order.id);
    await queueOrderMessages(tx, settings, order.id, "payment_confirmed");
    recordSettlement("Completed", "code");
    return true;
  });
}
