import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { ALL } from "./categories";
import { containsPattern, type ListingParams, PAGE_SIZE } from "./listing";
import { type ProductSummary, summaryColumns } from "./products.server";

export type ShopListing = {
  products: ProductSummary[];
  /** Products matching the whole filter (search and category), across every page. */
  total: number;
  /** In-stock products matching the search, per category, and for 'all'. */
  counts: Record<string, number>;
  hasMore: boolean;
};

const ORDER: Record<ListingParams["sort"], SQL[]> = {
  name: [asc(products.name), asc(products.id)],
  "price-asc": [asc(products.price), asc(products.id)],
  "price-desc": [desc(products.price), desc(products.id)],
};

/**
 * One page of the shop and the counts beside it, in two SQL queries: the page (by the listing
 * indexes) and the per-category counts of the search (whose sum is the 'All Products' count).
 * The substring search uses the trigram index on name and description for terms of three
 * letters or more; shorter terms still match correctly, by scan.
 */
export async function shopListing(db: Db, params: ListingParams): Promise<ShopListing> {
  const matching = and(
    eq(products.inStock, true),
    params.q ? sql`${products.searchText} like ${containsPattern(params.q)}` : undefined,
  );
  const [page, perCategory] = await Promise.all([
    db
      .select(summaryColumns)
      .from(products)
      .where(
        and(matching, params.category === ALL ? undefined : eq(products.category, params.category)),
      )
      .orderBy(...ORDER[params.sort])
      .limit(PAGE_SIZE)
      .offset((params.page - 1) * PAGE_SIZE),
    db
      .select({ category: products.category, n: count() })
      .from(products)
      .where(matching)
      .groupBy(products.category),
  ]);
  const counts: Record<string, number> = { [ALL]: 0 };
  for (const row of perCategory) {
    counts[row.category] = row.n;
    counts[ALL]! += row.n;
  }
  const total = counts[params.category] ?? 0;
  return { products: page, total, counts, hasMore: params.page * PAGE_SIZE < total };
}
