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

/** The search box's match, on the shop and in the back-office alike: name or description. */
export const searchMatches = (q: string) =>
  q ? sql`${products.searchText} like ${containsPattern(q)}` : undefined;

const matching = (q: string) => and(eq(products.inStock, true), searchMatches(q));

/**
 * The listing's queries, unexecuted (the shop awaits them, the benchmark explains them): the page
 * and its total, which the listing indexes serve, and the sidebar's counts per category.
 * The substring search uses the trigram index on name and description for terms of three
 * letters or more; shorter terms still match correctly, by scan.
 */
export function listingQueries(db: Db, params: ListingParams) {
  const filter = and(
    matching(params.q),
    params.category === ALL ? undefined : eq(products.category, params.category),
  );
  return {
    page: db
      .select(summaryColumns)
      .from(products)
      .where(filter)
      .orderBy(...ORDER[params.sort])
      .limit(PAGE_SIZE)
      .offset((params.page - 1) * PAGE_SIZE),
    total: db.select({ n: count() }).from(products).where(filter),
    categoryCounts: db
      .select({ category: products.category, n: count() })
      .from(products)
      .where(matching(params.q))
      .groupBy(products.category),
  };
}

/**
 * The sidebar's counts read every in-stock product that matches the search, which no index can
 * shorten for a common term. They are kept for a short while per search term, per process (a
 * count a few seconds old is harmless beside a fresh total), and dropped when products change.
 */
const COUNTS_TTL_MS = 30_000;
const COUNTS_MAX_TERMS = 500;
const countsCache = new Map<string, { at: number; counts: Record<string, number> }>();

export function forgetCategoryCounts() {
  countsCache.clear();
}

async function categoryCounts(db: Db, params: ListingParams) {
  const key = params.q.toLowerCase();
  const cached = countsCache.get(key);
  if (cached && Date.now() - cached.at < COUNTS_TTL_MS) return cached.counts;
  const rows = await listingQueries(db, params).categoryCounts;
  const counts: Record<string, number> = { [ALL]: 0 };
  for (const row of rows) {
    counts[row.category] = row.n;
    counts[ALL]! += row.n;
  }
  if (countsCache.size >= COUNTS_MAX_TERMS) countsCache.delete(countsCache.keys().next().value!);
  countsCache.set(key, { at: Date.now(), counts });
  return counts;
}

/** One page of the shop, its total, and the counts beside it. */
export async function shopListing(db: Db, params: ListingParams): Promise<ShopListing> {
  const { page, total } = listingQueries(db, params);
  const [rows, [totalRow], counts] = await Promise.all([page, total, categoryCounts(db, params)]);
  const n = totalRow?.n ?? 0;
  return { products: rows, total: n, counts, hasMore: params.page * PAGE_SIZE < n };
}
