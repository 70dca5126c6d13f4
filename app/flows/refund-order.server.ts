import type { Db, Tx } from "~/db/client.server";
import type { OrderItem } from "~/db/schema";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { returnToStock } from "~/modules/inventory/stock.server";
import { type MessageSettings, queueOrderMessages } from "~/modules/messages/outbox.server";
import type { RefundForm } from "~/modules/orders/refund-form";
import {
  type Refund,
  RefundError,
  recordProviderAnswer,
  reserveRefund,
} from "~/modules/orders/refunds.server";
import { PaymentError } from "~/modules/payments/provider";
import { providerLabel } from "~/modules/payments/provider-labels";
import type { PaymentProviders } from "~/modules/payments/registry";
import type { RefundMethod } from "~/terms/refund-states";
import { isUuid } from "~/utils/uuid";

/**
 * The owner's refund of a paid order (decision 46): by hand (made outside the shop, recorded with
 * its reference) or asked of the provider that took the payment, where it can refund. The
 * provider's refusal (its rules: one refund per payment, mobile money in full only) fails the
 * refund, gives its amount back to what is left, and comes back as the form's sentence.
 */
export async function refundOrder(
  services: {
    database: { db: Db };
    payments: PaymentProviders;
    settings: MessageSettings;
  },
  input: RefundForm & { orderId: string; adminId: string | null; adminName: string },
) {
  if (!isUuid(input.orderId)) throw new RefundError("No such order.");
  const { database, payments, settings } = services;
  const method: RefundMethod = input.method === "provider" ? "provider" : "hand";
  const providerOf = (order: { paymentProvider: string | null }) =>
    order.paymentProvider && payments.has(order.paymentProvider)
      ? payments.get(order.paymentProvider)
      : null;
  // A refund made by hand is done at once: its units go back and the shopper hears of it.
  const { order, refund } = await asAdmin(database.db, input.adminId, async (tx) => {
    const reserved = await reserveRefund(tx, input, method, (o) =>
      Boolean(providerOf(o)?.refund && o.confirmationCode),
    );
    if (method === "hand") await completeRefund(tx, settings, reserved.order, reserved.refund);
    return reserved;
  });
  if (method === "hand") return refund;

  // One asked of the provider waits for its answer, outside any transaction.
  let answer: { message: string } | PaymentError;
  try {
    answer = await providerOf(order)!.refund!({
      confirmationCode: order.confirmationCode!,
      amount: refund.amount,
      by: input.adminName,
      reason: input.reason,
    });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    answer = error;
  }
  const failed = answer instanceof PaymentError;
  const settled = await asAdmin(database.db, input.adminId, async (tx) => {
    const settled = await recordProviderAnswer(
      tx,
      order,
      refund,
      { failed, message: answer.message },
      input.adminId,
    );
    if (!failed) await completeRefund(tx, settings, order, settled);
    return settled;
  });
  if (failed) {
    throw new RefundError(
      `${providerLabel(order.paymentProvider)} refused the refund: ${answer.message}`,
    );
  }
  return settled;
}

/** A refund that happened: its units back on the shelf, the shopper told. */
async function completeRefund(
  tx: Tx,
  settings: MessageSettings,
  order: { id: string; items: readonly OrderItem[] },
  refund: Refund,
) {
  for (const l of refund.lines) {
    const item = order.items[l.line];
    if (!l.restock || !item?.productId) continue;
    await returnToStock(tx, {
      productId: item.productId,
      size: item.size ?? "",
      units: l.quantity,
      orderId: order.id,
      refundId: refund.id,
      adminId: refund.adminId,
    });
  }
  await queueOrderMessages(tx, settings, order.id, "refunded", undefined, {
    id: refund.id,
    amount: refund.amount,
  });
}
