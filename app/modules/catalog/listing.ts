import { ALL, isCategoryId } from "~/terms/categories";
import { pageNumber } from "~/utils/page-number";

/**
 * The shop listing's state, all of it in the URL (`?category=&q=&sort=&stock=in&page=`), so a
 * listing is linkable, works with the back button and with plain GET forms before JavaScript loads.
 */
export const SORTS = [
  { id: "relevance" },
  { id: "name" },
  { id: "price-asc" },
  { id: "price-desc" },
] as const;

export type SortId = (typeof SORTS)[number]["id"];
export const PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

/** `?stock=in`: 'In stock only', the products sold out in every size left out. */
export const IN_STOCK_ONLY = { name: "stock", value: "in" } as const;
/** `?sale=on`: 'On sale', only what sells below its price now. */
export const ON_SALE_ONLY = { name: "sale", value: "on" } as const;

/** The listing's checkboxes, each a URL parameter and the listing's flag it sets. */
export const LISTING_FILTERS = [
  { ...IN_STOCK_ONLY, key: "inStockOnly" },
  { ...ON_SALE_ONLY, key: "onSaleOnly" },
] as const;

export type ListingParams = {
  q: string;
  category: string;
  sort: SortId;
  page: number;
  inStockOnly?: boolean;
  onSaleOnly?: boolean;
};

/**
 * The order a listing takes unless the shopper picks one: a search's best matches first, the
 * spec's A to Z otherwise. 'Best match' is offered only with a search.
 */
export const defaultSort = (q: string): SortId => (q ? "relevance" : "name");
export const sortsFor = (q: string) => SORTS.filter((s) => q || s.id !== "relevance");

/** Reads the listing's state from a URL, falling back to defaults for anything unknown. */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const q = (search.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const rawCategory = search.get("category") ?? ALL;
  const category = isCategoryId(rawCategory) ? rawCategory : ALL;
  const rawSort = search.get("sort");
  const sort = sortsFor(q).some((s) => s.id === rawSort) ? (rawSort as SortId) : defaultSort(q);
  const page = pageNumber(search.get("page"));
  const inStockOnly = search.get(IN_STOCK_ONLY.name) === IN_STOCK_ONLY.value;
  const onSaleOnly = search.get(ON_SALE_ONLY.name) === ON_SALE_ONLY.value;
  return { q, category, sort, page, inStockOnly, onSaleOnly };
}

/** The URL of a listing, leaving defaults out so URLs stay short and canonical. */
export function listingHref(params: Partial<ListingParams>): string {
  const search = new URLSearchParams();
  if (params.category && params.category !== ALL) search.set("category", params.category);
  if (params.q) search.set("q", params.q);
  // 'Best match' means nothing without a search.
  const sort = params.sort === "relevance" && !params.q ? undefined : params.sort;
  if (sort && sort !== defaultSort(params.q ?? "")) search.set("sort", sort);
  if (params.inStockOnly) search.set(IN_STOCK_ONLY.name, IN_STOCK_ONLY.value);
  if (params.onSaleOnly) search.set(ON_SALE_ONLY.name, ON_SALE_ONLY.value);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return query ? `/shop?${query}` : "/shop";
}

/** A search term as a LIKE pattern: lower-cased, its wildcards escaped, matching anywhere. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
