import type { Db } from "~/db/client.server";
import { recordEvent } from "~/modules/audit/audit.server";
import { can, type Role } from "~/modules/auth/roles";
import type { AdminOrder } from "./admin-orders.server";
import { inPackingSteps, maskedCustomer, maskRecipient } from "./personal-data";

type Viewer = { id: string; role: Role };

/** Who may see every customer's details: those who may export them all (the owners). */
const seesEverything = (viewer: Viewer) => can(viewer.role, { orders: "export" });

/**
 * One order as `viewer` may see it (its page, its packing slip). Staff see the customer in full
 * only in the packing steps, and that view is written to the activity trail under their name;
 * otherwise masked, with no link to the shopper's own page (which shows the details) and the
 * messages' recipients masked too.
 */
export async function orderForViewer<O extends AdminOrder & { messages?: { recipient: string }[] }>(
  db: Db,
  viewer: Viewer,
  order: O,
  via: "order page" | "packing slip",
): Promise<O> {
  if (seesEverything(viewer)) return order;
  if (inPackingSteps(order)) {
    await recordEvent(db, {
      actorId: viewer.id,
      entity: "order",
      action: "viewed-details",
      subjectId: order.id,
      after: { via },
    });
    return order;
  }
  return {
    ...order,
    customer: maskedCustomer(order.customer),
    trackingPath: "",
    ...(order.messages
      ? { messages: order.messages.map((m) => ({ ...m, recipient: maskRecipient(m.recipient) })) }
      : {}),
  };
}

/** The orders list as `viewer` may see it: staff see every row masked (an order's page has more). */
export function listForViewer<O extends AdminOrder>(viewer: Viewer, rows: O[]): O[] {
  if (seesEverything(viewer)) return rows;
  return rows.map((order) => ({
    ...order,
    customer: maskedCustomer(order.customer),
    trackingPath: "",
  }));
}

/** An export of customers' details, in the activity trail (who, and which orders). */
export async function recordExport(db: Db, viewer: Viewer, filter: { status: string }) {
  await recordEvent(db, {
    actorId: viewer.id,
    entity: "order",
    action: "exported",
    after: { status: filter.status },
  });
}
