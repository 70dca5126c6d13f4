import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { holdPieces as holdOrderPieces } from "~/flows/order-stock.server";
import { DEFAULT_HOLD_LIMITS } from "~/modules/inventory/stock-rules";

/** An order as stored. */
export const orderOf = async (db: Db, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** The kinds of an order's timeline events, oldest first. */
export const eventsOf = async (db: Db, id: string) =>
  (
    await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id)
  ).map((e) => e.kind);

/** A checkout's hold of `quantity` pieces of a size, as a shopper's Pending order takes them. */
export async function holdPieces(
  db: Db,
  line: { productId: string; size: string; quantity: number; price: number; name?: string },
) {
  const { productId, size, quantity, price, name = "Piece" } = line;
  const [order] = await db
    .insert(orders)
    .values({
      amount: price * quantity,
      items: [{ productId, name, size, quantity, price }],
      customerName: "Wanjiru Kamau",
      customerPhone: "254712345678",
      customerEmail: "wanjiru@example.co.ke",
    })
    .returning();
  await db.transaction((tx) =>
    holdOrderPieces(tx, order!, { minutes: 30, limits: DEFAULT_HOLD_LIMITS }),
  );
  return order!.id;
}
