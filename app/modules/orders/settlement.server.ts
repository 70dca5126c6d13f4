import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import type { PaymentStatus } from "~/modules/payments/provider";
import type { PaymentProviders, PaymentRef } from "~/modules/payments/registry";
import { recordSettlement } from "~/utils/metrics.server";
import { decideSettlement, storedPaymentFingerprint } from "./settlement-rules";

export type SettleSource = "ipn" | "callback" | "reconciliation";

/** The order that holds a provider's payment, if any. */
export async function orderForPayment(db: Db, payment: PaymentRef) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, payment.provider),
        eq(orders.paymentReference, payment.reference),
      ),
    );
  return order ?? null;
}

/**
 * Settles an order from its provider's own answer about the payment, never from a notification's
 * body. Safe to call any number of times, concurrently, in any order: the order row is locked
 * while deciding, and a status already recorded changes nothing.
 */
export async function settleOrder(
  db: Db,
  providers: PaymentProviders,
  payment: PaymentRef,
  source: SettleSource,
): Promise<{ orderId: string; status: string } | null> {
  const known = await orderForPayment(db, payment);
  if (!known) return null;
  const status: PaymentStatus = await providers
    .get(known.paymentProvider)
    .getStatus(payment.reference);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for("update");
    if (!order) return null;
    const decision = decideSettlement(
      {
        id: order.id,
        status: order.status,
        amount: order.amount,
        currency: order.currency,
        lastPayment: storedPaymentFingerprint(order.paymentStatus),
        reversed: order.paymentReversedAt !== null,
      },
      status,
    );
    if (decision.record) {
      await tx
        .update(orders)
        .set({
          ...(decision.status ? { status: decision.status } : {}),
          ...(decision.facts ?? {}),
          ...(decision.reversed ? { paymentReversedAt: new Date() } : {}),
          paymentStatus: status,
        })
        .where(eq(orders.id, order.id));
    }
    if (decision.event) {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: decision.event.kind,
        details: {
          ...decision.event.details,
          source,
          from: order.status,
          to: decision.status ?? order.status,
        },
      });
    }
    if (decision.status) recordSettlement(decision.status, source);
    return { orderId: order.id, status: decision.status ?? order.status };
  });
}
