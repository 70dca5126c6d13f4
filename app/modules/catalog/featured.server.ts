import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products } from "~/db/schema";
import { FEATURED_LIMIT, featuredOrder } from "./products.server";

/** Every featured product in Home's order; the first 8 in stock are the ones Home shows. */
export function featuredForOwner(db: Db | Tx) {
  return db
    .select({
      id: products.id,
      name: products.name,
      inStock: products.inStock,
      image: sql<string | null>`${products.images}[1]`,
      position: products.featuredPosition,
    })
    .from(products)
    .where(eq(products.isFeatured, true))
    .orderBy(...featuredOrder);
}

export { FEATURED_LIMIT };

/**
 * Moves one featured product a place up or down in Home's order, in the caller's transaction.
 * The whole list is written with positions 1..n as the owner now sees it, so two quick moves
 * never tie. Answers false when the product is not featured.
 */
export async function swapFeatured(tx: Tx, id: string, direction: "up" | "down") {
  // Locks the featured rows: a move and a toggle cannot interleave.
  await tx.execute(sql`select id from ${products} where ${products.isFeatured} for update`);
  const list = (await featuredForOwner(tx)).map((p) => p.id);
  const from = list.indexOf(id);
  if (from < 0) return false;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= list.length) return true;
  [list[from], list[to]] = [list[to]!, list[from]!];
  for (const [i, productId] of list.entries()) {
    await tx
      .update(products)
      .set({ featuredPosition: i + 1 })
      .where(and(eq(products.id, productId), eq(products.isFeatured, true)));
  }
  return true;
}

/** Back to the default: the most recently featured first. */
export async function forgetFeaturedOrder(tx: Tx) {
  await tx.update(products).set({ featuredPosition: null }).where(eq(products.isFeatured, true));
}
