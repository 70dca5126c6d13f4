import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import type { PaymentProvider, PaymentStatus } from "~/modules/payments/provider";
import { decideSettlement, paymentFingerprint } from "./settlement-rules";

export type SettleSource = "ipn" | "callback" | "reconciliation";

/** The fingerprint of the status stored with an order (its last GetTransactionStatus answer). */
function storedFingerprint(raw: unknown): string | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (r.status_code === undefined) return null;
  return paymentFingerprint({
    code: Number(r.status_code ?? 0),
    paymentMethod: (r.payment_method as string) || null,
    confirmationCode: (r.confirmation_code as string) || null,
    amount: Number(r.amount ?? 0),
    currency: String(r.currency ?? ""),
    merchantReference: String(r.merchant_reference ?? ""),
  });
}

/**
 * Settles an order from Pesapal's own answer about it, never from a notification's body. Safe to
 * call any number of times, concurrently, in any order: the order row is locked while deciding,
 * and a status already recorded changes nothing.
 */
export async function settleOrder(
  db: Db,
  provider: PaymentProvider,
  trackingId: string,
  source: SettleSource,
): Promise<{ orderId: string; status: string } | null> {
  const [known] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.pesapalTrackingId, trackingId));
  if (!known) return null;
  const payment: PaymentStatus = await provider.getStatus(trackingId);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for("update");
    if (!order) return null;
    const decision = decideSettlement(
      {
        id: order.id,
        status: order.status,
        amount: order.amount,
        currency: order.currency,
        lastPayment: storedFingerprint(order.ipnResponse),
      },
      payment,
    );
    if (decision.record) {
      await tx
        .update(orders)
        .set({
          ...(decision.status ? { status: decision.status } : {}),
          ...(decision.facts ?? {}),
          ipnResponse: payment.raw,
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
    return { orderId: order.id, status: decision.status ?? order.status };
  });
}
