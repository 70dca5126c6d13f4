import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { ORDER_STATUSES, type OrderStatus, orders } from "~/db/schema";
import { isUuid } from "~/utils/uuid";
import { recordOrderEvent } from "./order-records.server";

export class OrderStatusError extends Error {}

/**
 * An admin's status change, the order locked in the caller's transaction: any of the five values,
 * for orders not Completed or Failed (the spec offers no change for those), recorded with the
 * admin who made it. Answers the status before and after, and where the order's pieces stand.
 */
export async function setOrderStatus(
  tx: Tx,
  input: { orderId: string; status: string; adminId: string },
) {
  if (!(ORDER_STATUSES as readonly string[]).includes(input.status)) {
    throw new OrderStatusError("Unknown status.");
  }
  if (!isUuid(input.orderId)) throw new OrderStatusError("No such order.");
  const status = input.status as OrderStatus;
  const [order] = await tx
    .select({ status: orders.status, stockState: orders.stockState })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for("update");
  if (!order) throw new OrderStatusError("No such order.");
  if (order.status === "Completed" || order.status === "Failed") {
    throw new OrderStatusError("Completed and failed orders keep their status.");
  }
  const changed = { from: order.status, to: status, stockState: order.stockState };
  if (order.status === status) return changed;
  await tx.update(orders).set({ status }).where(eq(orders.id, input.orderId));
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    kind: "status_changed",
    details: { from: order.status, to: status },
    adminId: input.adminId,
  });
  return changed;
}
