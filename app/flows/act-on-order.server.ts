import { data } from "react-router";
import { type Admin, assertCan } from "~/modules/auth/require-admin.server";
import { MAX_LINES } from "~/modules/cart/cart-rules";
import { orderIsPaid } from "~/modules/orders/admin-orders.server";
import { FulfilmentError } from "~/modules/orders/fulfilment.server";
import { validateRefundForm } from "~/modules/orders/refund-form";
import { previewRefund, RefundError } from "~/modules/orders/refunds.server";
import { unpaidWarning } from "~/modules/orders/status-warning";
import type { Services } from "~/services.server";
import { FULFILMENT_LABELS } from "~/terms/fulfilment-states";
import { formatKsh } from "~/terms/money";
import { orderReference } from "~/terms/order-reference";
import { logger } from "~/utils/logger.server";
import { changeOrderStatus } from "./change-order-status.server";
import { moveFulfilment, undoFulfilment } from "./fulfil-order.server";
import { refundOrder } from "./refund-order.server";

/**
 * What the owner does to an order, from the list or from its page: a status change (asking first
 * for an unpaid order marked as sent), a fulfilment step or its undo, a refund. Each answers data
 * for the page that asked, with or without JavaScript.
 */
export async function orderAction(services: Services, form: FormData, admin: Admin) {
  const { db } = services;
  const intent = form.get("intent");
  if (intent === "status") assertCan(admin, { orders: "set-status" });
  if (intent === "fulfilment" || intent === "undo-fulfilment")
    assertCan(admin, { orders: "fulfil" });
  if (intent === "refund") assertCan(admin, { orders: "refund" });
  if (form.get("intent") === "status") {
    const orderId = String(form.get("orderId") ?? "");
    const status = String(form.get("status") ?? "");
    const question = unpaidWarning(status, await orderIsPaid(db, orderId));
    if (question && form.get("confirmUnpaid") !== "yes") {
      // Without JavaScript the page asks; with it, the dropdown asked before posting.
      return data({ ok: false, confirm: { orderId, status, question } }, { status: 409 });
    }
    try {
      await changeOrderStatus(db, {
        orderId: String(form.get("orderId")),
        status: String(form.get("status")),
        adminId: admin.id,
      });
      return { ok: true };
    } catch (error) {
      logger.warn({ err: error }, "order status change failed");
      return data({ ok: false, error: "Failed to update order status." }, { status: 400 });
    }
  }
  if (form.get("intent") === "fulfilment" || form.get("intent") === "undo-fulfilment") {
    const orderId = String(form.get("orderId") ?? "");
    try {
      const moved =
        form.get("intent") === "fulfilment"
          ? await moveFulfilment(services, {
              orderId,
              to: String(form.get("to") ?? ""),
              note: String(form.get("note") ?? ""),
              adminId: admin.id,
            })
          : await undoFulfilment(services, {
              orderId,
              from: String(form.get("from") ?? ""),
              adminId: admin.id,
            });
      // What the toast says, and what its 'Undo' takes back.
      const reference = orderReference(orderId);
      return {
        ok: true,
        step: { orderId, reference, state: moved, label: FULFILMENT_LABELS[moved] },
      };
    } catch (error) {
      if (!(error instanceof FulfilmentError)) throw error;
      return data({ ok: false, orderId, error: error.message }, { status: 400 });
    }
  }
  if (form.get("intent") === "refund") return refund(services, form, admin);
  return data({ error: "Unknown action." }, { status: 400 });
}

/**
 * The refund form's own fields as posted, carried by the confirmation's form to the second post
 * (and back into the form when the owner goes back to change it).
 */
function refundFields(form: FormData) {
  const fields: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "confirm") continue;
    if (
      /^(intent|orderId|lineCount|amount|reason|method|reference|refund:\d+|restock:\d+)$/.test(
        name,
      )
    ) {
      fields.push([name, value]);
    }
  }
  return fields;
}

/**
 * The owner's refund: the form's fields checked again here, then what it would do answered for
 * the owner to confirm, and on the confirming post the refund made or refused.
 */
async function refund(services: Services, form: FormData, admin: Admin) {
  const orderId = String(form.get("orderId") ?? "");
  const lineCount = Math.min(Number(form.get("lineCount")) || 0, MAX_LINES);
  const checked = validateRefundForm(form, lineCount);
  if (!checked.ok) {
    return data({ ok: false, orderId, refundErrors: checked.errors }, { status: 400 });
  }
  try {
    // First the owner reads what would go out and to whom; only the confirming post sends it.
    if (form.get("confirm") !== "yes") {
      const preview = await previewRefund(services, { ...checked.data, orderId });
      return { ok: false, orderId, confirmRefund: { ...preview, fields: refundFields(form) } };
    }
    const made = await refundOrder(services, {
      ...checked.data,
      orderId,
      adminId: admin.id,
      adminName: admin.name || admin.email,
    });
    return { ok: true, orderId, refunded: formatKsh(made.amount) };
  } catch (error) {
    if (!(error instanceof RefundError)) throw error;
    return data({ ok: false, orderId, refundError: error.message }, { status: 400 });
  }
}
