import { and, eq, like } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { messages, orderEvents, orders } from "~/db/schema";
import { asAdmin } from "~/modules/audit/acting-as.server";
import {
  type MessageSettings,
  queueOrderMessages,
  stepMessagesKey,
} from "~/modules/messages/outbox.server";
import { isFulfilmentState } from "~/terms/fulfilment-states";
import { isUuid } from "~/utils/uuid";
import {
  announcesToShopper,
  FULFILMENT_NOTE_MAX,
  type FulfilmentState,
  nextFulfilmentStates,
  previousFulfilmentState,
} from "./fulfilment-rules";

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
  await tx
    .insert(orderEvents)
    .values({ orderId, kind: "fulfilment_changed", details: { to: "to_pack" } });
}

/**
 * The owner moves a paid order's parcel forward, with an optional note (the matatu Sacco and
 * expected arrival, the rider's phone). Recorded in the timeline with the admin.
 */
export async function moveFulfilment(
  { db, settings }: { db: Db; settings: MessageSettings },
  input: { orderId: string; to: string; note: string; adminId: string },
): Promise<FulfilmentState> {
  if (!isUuid(input.orderId)) throw new FulfilmentError("No such order.");
  if (!isFulfilmentState(input.to)) throw new FulfilmentError("Choose a step for this order.");
  const to = input.to;
  const note = input.note.trim().slice(0, FULFILMENT_NOTE_MAX);
  return asAdmin(db, input.adminId, async (tx) => {
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
    await tx.insert(orderEvents).values({
      orderId: input.orderId,
      kind: "fulfilment_changed",
      details: { from: order.state, to, ...(note ? { note } : {}) },
      adminId: input.adminId,
    });
    if (announcesToShopper(to)) {
      await queueOrderMessages(
        tx,
        settings,
        input.orderId,
        to === "sent" ? "order_sent" : "ready_for_pickup",
        new Date(Date.now() + UNDO_GRACE_MS),
      );
    }
    return to;
  });
}

/** How long a step's messages wait before they go: the owner's 'Undo' still stops them. */
export const UNDO_GRACE_MS = 10_000;
/** How long after a step 'Undo' may take it back (the toast offers it for a few seconds). */
const UNDO_WINDOW_MS = 5 * 60_000;

/**
 * Takes back the step the owner just took (the toast's 'Undo'): the parcel goes back one step,
 * and the step's messages that have not gone yet are withdrawn. Only the latest step, only for
 * a few minutes, and only if nobody moved the order since (`from` is the step being undone).
 */
export async function undoFulfilment(
  { db }: { db: Db },
  input: { orderId: string; from: string; adminId: string },
): Promise<FulfilmentState> {
  if (!isUuid(input.orderId)) throw new FulfilmentError("No such order.");
  return asAdmin(db, input.adminId, async (tx) => {
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
    if (order.state !== input.from || !back || !recent) {
      throw new FulfilmentError("That step can no longer be undone.");
    }
    if (announcesToShopper(order.state) && order.at) {
      const kind = order.state === "sent" ? "order_sent" : "ready_for_pickup";
      await tx
        .delete(messages)
        .where(
          and(
            like(messages.dedupeKey, `${stepMessagesKey(input.orderId, kind, order.at)}%`),
            eq(messages.state, "queued"),
          ),
        );
    }
    await tx
      .update(orders)
      .set({ fulfilmentState: back, fulfilmentNote: "", fulfilmentUpdatedAt: new Date() })
      .where(eq(orders.id, input.orderId));
    await tx.insert(orderEvents).values({
      orderId: input.orderId,
      kind: "fulfilment_changed",
      details: { from: order.state, to: back, undone: true },
      adminId: input.adminId,
    });
    return back;
  });
}
