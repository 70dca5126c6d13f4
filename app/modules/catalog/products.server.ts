import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";

/** What a product card shows. */
export type ProductSummary = {
  id: string;
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  image: string | null;
  isFeatured: boolean;
  hasSizes: boolean;
};

export const summaryColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  price: products.price,
  originalPrice: products.originalPrice,
  image: sql<string | null>`${products.images}[1]`,
  isFeatured: products.isFeatured,
  hasSizes: sql<boolean>`cardinality(${products.sizes}) > 0`,
};

export const FEATURED_LIMIT = 8;

/** Up to 8 in-stock featured products, by name. */
export function featuredProducts(db: Db, limit = FEATURED_LIMIT): Promise<ProductSummary[]> {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.isFeatured, true), eq(products.inStock, true)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit);
}

/** For each category, the first image of its first in-stock product (by name); none when empty. */
export async function categoryCovers(db: Db, categories: readonly string[]) {
  const rows = await db
    .selectDistinctOn([products.category], {
      category: products.category,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(products)
    .where(and(inArray(products.category, [...categories]), eq(products.inStock, true)))
    .orderBy(products.category, asc(products.name), asc(products.id));
  const byCategory = new Map(rows.map((row) => [row.category, row.image]));
  return categories
    .filter((id) => byCategory.has(id))
    .map((id) => ({ id, image: byCategory.get(id) ?? null }));
}
