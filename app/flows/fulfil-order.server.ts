import type { Db } from "~/db/client.server";
import { asAdmin } from "~/modules/audit/acting-as.server";
import {
  type MessageSettings,
  queueOrderMessages,
  withdrawStepMessages,
} from "~/modules/messages/outbox.server";
import { takeFulfilmentStep, undoFulfilmentStep } from "~/modules/orders/fulfilment.server";
import { announcesToShopper, type FulfilmentState } from "~/modules/orders/fulfilment-rules";

/** How long a step's messages wait before they go: the owner's 'Undo' still stops them. */
export const UNDO_GRACE_MS = 10_000;

/**
 * The owner moves a paid order's parcel forward, with an optional note; a step the shopper hears
 * of ('Sent', 'Ready for pickup') writes its messages, held back for the toast's 'Undo'.
 */
export async function moveFulfilment(
  { db, settings }: { db: Db; settings: MessageSettings },
  input: { orderId: string; to: string; note: string; adminId: string },
): Promise<FulfilmentState> {
  return asAdmin(db, input.adminId, async (tx) => {
    const to = await takeFulfilmentStep(tx, input);
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

/**
 * Takes back the step the owner just took (the toast's 'Undo'): the parcel goes back one step,
 * and the step's messages that have not gone yet are withdrawn.
 */
export async function undoFulfilment(
  { db }: { db: Db },
  input: { orderId: string; from: string; adminId: string },
): Promise<FulfilmentState> {
  return asAdmin(db, input.adminId, async (tx) => {
    const { undone, takenAt, back } = await undoFulfilmentStep(tx, input);
    if (announcesToShopper(undone) && takenAt) {
      const kind = undone === "sent" ? "order_sent" : "ready_for_pickup";
      await withdrawStepMessages(tx, input.orderId, kind, takenAt);
    }
    return back;
  });
}
