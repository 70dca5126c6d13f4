import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { isFulfilmentState } from "~/terms/fulfilment-states";
import { isUuid } from "~/utils/uuid";
import {
  FULFILMENT_NOTE_MAX,
  type FulfilmentState,
  nextFulfilmentStates,
  previousFulfilmentState,
} from "./fulfilment-rules";
import { recordOrderEvent } from "./order-records.server";

export class FulfilmentError extends Error {}

/**
 * A confirmed payment puts the order on the packing list, in the settlement's transaction; an
 * order already moving keeps its step (a replayed notification changes nothing).
 */
export async function startFulfilment(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({ state: orders.fulfilmentState })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.state !== null) return;
  await tx
    .update(orders)
    .set({ fulfilmentState: "to_pack", fulfilmentUpdatedAt: new Date() })
    .where(eq(orders.id, orderId));
  await recordOrderEvent(tx, { orderId, kind: "fulfilment_changed", details: { to: "to_pack" } });
}

/**
 * Moves a paid order's parcel forward to the step `to`, with an optional note (the matatu Sacco
 * and expected arrival, the rider's phone), the order locked in the caller's transaction: recorded
 * in the timeline with the admin. Refuses a step that does not follow, or an order not paid.
 */
export async function takeFulfilmentStep(
  tx: Tx,
  input: { orderId: string; to: string; note: string; adminId: string },
): Promise<FulfilmentState> {
  if (!isUuid(input.orderId)) throw new FulfilmentError("No such order.");
  if (!isFulfilmentState(input.to)) throw new FulfilmentError("Choose a step for this order.");
  const to = input.to;
  const note = input.note.trim().slice(0, FULFILMENT_NOTE_MAX);
  const [order] = await tx
    .select({
      status: orders.status,
      method: orders.deliveryMethod,
      state: orders.fulfilmentState,
      paid: orders.paymentStatus,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for("update");
  if (!order) throw new FulfilmentError("No such order.");
  // Paid: the provider confirmed it (the payment started fulfilment, or, for an order paid
  // before fulfilment existed, its stored answer says so), and it was not reversed since.
  const paid =
    order.status !== "Failed" && (order.state !== null || order.paid?.state === "COMPLETED");
  if (!paid) throw new FulfilmentError("Only paid orders are packed and sent.");
  if (!nextFulfilmentStates(order.method, order.state).includes(to)) {
    throw new FulfilmentError("That step does not follow this order's current one.");
  }
  await tx
    .update(orders)
    .set({ fulfilmentState: to, fulfilmentNote: note, fulfilmentUpdatedAt: new Date() })
    .where(eq(orders.id, input.orderId));
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    kind: "fulfilment_changed",
    details: { from: order.state, to, ...(note ? { note } : {}) },
    adminId: input.adminId,
  });
  return to;
}

/** How long after a step 'Undo' may take it back (the toast offers it for a few seconds). */
const UNDO_WINDOW_MS = 5 * 60_000;

/**
 * Takes back the step the owner just took, the order locked in the caller's transaction: the
 * parcel goes back one step. Only the latest step, only for a few minutes, and only if nobody
 * moved the order since (`from` is the step being undone). Answers the step undone and when it
 * was taken (its messages are told apart by that time), and the step the parcel is back at.
 */
export async function undoFulfilmentStep(
  tx: Tx,
  input: { orderId: string; from: string; adminId: string },
) {
  if (!isUuid(input.orderId)) throw new FulfilmentError("No such order.");
  const [order] = await tx
    .select({
      method: orders.deliveryMethod,
      state: orders.fulfilmentState,
      at: orders.fulfilmentUpdatedAt,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for("update");
  if (!order) throw new FulfilmentError("No such order.");
  const back = order.state ? previousFulfilmentState(order.method, order.state) : null;
  const recent = order.at !== null && Date.now() - order.at.getTime() < UNDO_WINDOW_MS;
  if (order.state !== input.from || !order.state || !back || !recent) {
    throw new FulfilmentError("That step can no longer be undone.");
  }
  await tx
    .update(orders)
    .set({ fulfilmentState: back, fulfilmentNote: "", fulfilmentUpdatedAt: new Date() })
    .where(eq(orders.id, input.orderId));
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    kind: "fulfilment_changed",
    details: { from: order.state, to: back, undone: true },
    adminId: input.adminId,
  });
  return { undone: order.state, takenAt: order.at, back };
}
