import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { recordOrderEvent } from "./order-records.server";

/** How an order a code paid in full shows where a payment method would (the owner's pages). */
export const PAID_BY_CODE_METHOD = "Discount code";

/** An order as checkout places it: what the shopper gave, priced, and the submission's key. */
export type NewOrder = Pick<
  typeof orders.$inferInsert,
  | "amount"
  | "items"
  | "customerName"
  | "customerPhone"
  | "customerEmail"
  | "address"
  | "city"
  | "notes"
  | "deliveryMethod"
  | "deliveryFee"
  | "discountCode"
  | "discount"
  | "pickupLocation"
  | "cartId"
  | "clientAddress"
  | "language"
  | "retryOf"
  | "paymentProvider"
  | "idempotencyKey"
>;

/**
 * Inserts a Pending order, its payment asked about from five minutes on. Answers its id, or null
 * when an open order with the same key already exists (the unique index decides between two
 * requests, before any unit is taken).
 */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<string | null> {
  const [row] = await tx
    .insert(orders)
    .values({
      ...order,
      status: "Pending",
      currency: "KES",
      nextCheckAt: new Date(Date.now() + 5 * 60_000),
    })
    .onConflictDoNothing({
      target: orders.idempotencyKey,
      where: sql`${orders.status} = 'Pending' or ${orders.paymentReference} is null`,
    })
    .returning({ id: orders.id });
  return row?.id ?? null;
}

/** The order a submission placed, while it is Pending or was never sent to its provider. */
export async function findOpenOrder(db: Db, key: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.idempotencyKey, key),
        or(eq(orders.status, "Pending"), isNull(orders.paymentReference)),
      ),
    );
  return row;
}

/** An order locked for the rest of the transaction (undefined: there is none). */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

/**
 * A Pending order its discount code pays in full: Completed, as a completed payment of nothing
 * would make it, and its timeline says which code paid it.
 */
export async function markPaidByCode(
  tx: Tx,
  order: Pick<typeof orders.$inferSelect, "id" | "currency" | "discountCode">,
) {
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
  await recordOrderEvent(tx, {
    orderId: order.id,
    kind: "paid_by_code",
    details: { code: order.discountCode, from: "Pending", to: "Completed" },
  });
}

/** Where an order's own page is, in the language it was placed in. */
export async function orderPageOf(db: Db, orderId: string) {
  const [order] = await db
    .select({ token: orders.trackingToken, language: orders.language })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}
