import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { sellHeldPieces } from "~/flows/order-stock.server";
import { recordEvent } from "~/modules/audit/audit.server";
import { type MessageSettings, queueOrderMessages } from "~/modules/messages/outbox.server";
import { recordSettlement } from "~/utils/metrics.server";
import { startFulfilment } from "../modules/orders/fulfilment.server";

/** How an order a code paid in full shows where a payment method would (the owner's pages). */
export const PAID_BY_CODE_METHOD = "Discount code";

/**
 * An order whose discount code left nothing to pay (a total of 0): no provider takes a payment of
 * nothing, so the order is paid at once, as a completed payment would make it (decision 57):
 * Completed, its held pieces sold, packing begun, the shopper and the owner told, and the
 * activity trail saying which code paid it. Safe to call again: only a Pending order of 0 changes.
 * Answers whether the order is paid by its code now.
 */
export async function completePaidByCode(db: Db, settings: MessageSettings, orderId: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.amount !== 0) return false;
    if (order.status !== "Pending") return order.paymentMethod === PAID_BY_CODE_METHOD;
    const description = `paid in full by the discount code ${order.discountCode ?? ""}`.trim();
    await tx
      .update(orders)
      .set({
        status: "Completed",
        paymentMethod: PAID_BY_CODE_METHOD,
        paymentStatus: {
          state: "COMPLETED",
          amount: 0,
          currency: order.currency,
          merchantReference: order.id,
          paymentMethod: PAID_BY_CODE_METHOD,
          confirmationCode: null,
          description,
        },
      })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      kind: "paid_by_code",
      details: { code: order.discountCode, from: "Pending", to: "Completed" },
    });
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
