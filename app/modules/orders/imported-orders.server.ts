import { inArray, or } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";

/** An order brought from the old shop, as its row: it keeps its id and the old document's id. */
export type ImportedOrderRow = typeof orders.$inferInsert & {
  id: string;
  legacyId: string;
  amount: number;
  deliveryFee: number;
};

/** Those of the given order ids and old document ids the shop already has. */
export async function knownOrderIds(db: Db, ids: string[], legacyIds: string[]) {
  const rows = await db
    .select({ id: orders.id, legacyId: orders.legacyId })
    .from(orders)
    .where(or(inArray(orders.id, ids), inArray(orders.legacyId, legacyIds)));
  const known = new Set<string>();
  for (const row of rows) {
    known.add(row.id);
    if (row.legacyId) known.add(row.legacyId);
  }
  return known;
}

/** Adds an imported order with the first line of its timeline; false when it exists already. */
export async function insertImportedOrder(tx: Tx, row: ImportedOrderRow): Promise<boolean> {
  const [created] = await tx
    .insert(orders)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: orders.id, createdAt: orders.createdAt });
  if (!created) return false;
  // The order's timeline starts where checkout's does, with where the order came from.
  await tx.insert(orderEvents).values({
    orderId: created.id,
    kind: "created",
    details: {
      amount: row.amount,
      subtotal: row.amount - row.deliveryFee,
      deliveryFee: row.deliveryFee,
      items: row.items.length,
      importedFrom: row.legacyId,
    },
    createdAt: created.createdAt,
  });
  return true;
}
