import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "~/db/client.server";
import { products, searchWords } from "~/db/schema";
import { available } from "~/modules/inventory/stock-sql.server";
import { ALL } from "./categories";
import { keptUntilChange } from "./kept-until-change.server";
import { containsPattern, type ListingParams, PAGE_SIZE } from "./listing";
import { type ProductSummary, summaryColumns } from "./products.server";
import {
  closestCategory,
  prefixQuery,
  type SearchTerms,
  type SearchWord,
  searchTerms,
  singular,
} from "./search-terms";

export type ShopListing = {
  products: ProductSummary[];
  /** Products matching the whole filter (search, category, stock), across every page. */
  total: number;
  /** Shown products matching the search (and the stock filter), per category, and for 'all'. */
  counts: Record<string, number>;
  hasMore: boolean;
  /**
   * For a listing that found nothing: the category to try instead, keeping the search when it
   * has matches there, or the category nearest the words when the search matches nothing.
   */
  suggestion: { category: string; keepSearch: boolean } | null;
  /** The search with its misspelt words corrected, when any were ('Showing results for ...'). */
  corrected: string | null;
};

const ORDER: Record<ListingParams["sort"], SQL[]> = {
  // After the ranking (listingQueries): equal matches A to Z.
  relevance: [asc(products.name), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
  "price-asc": [asc(products.price), asc(products.id)],
  "price-desc": [desc(products.price), desc(products.id)],
};

/** The search box's match, on the shop and in the back-office alike: name or description. */
export const searchMatches = (q: string) =>
  q ? sql`${products.searchText} like ${containsPattern(q)}` : undefined;

/** Words the catalogue uses that are spelt nearly like a search word ('kitengi' -> 'kitenge'). */
export type NearSpellings = Record<string, string[]>;

/** A word and the catalogue's spellings near it, each matched at the start of a word. */
const spellingsOf = (word: SearchWord, near: NearSpellings) => [
  word.text,
  ...(near[word.text] ?? []),
];

/** `to_tsquery` of a query `prefixQuery` built. */
const tsQuery = (query: string) => sql`to_tsquery('english'::regconfig, ${query})`;

/**
 * One word of the shop's search: the start of a word in the name or description, stemmed
 * ('dresses' finds 'dress', 'ki' finds 'kimono', 'red' never finds 'tailored'), a spelling of the
 * catalogue's near it ('kitengi'), or a category it names ('kimonos', 'kids'). A word the
 * English text search ignores ('very', 'it') asks nothing.
 */
function wordMatches(word: SearchWord, near: NearSpellings): SQL {
  const query = tsQuery(prefixQuery([spellingsOf(word, near)]));
  const ways = [sql`numnode(${query}) = 0`, sql`${products.searchVector} @@ ${query}`];
  if (word.categories.length) ways.push(inArray(products.category, word.categories));
  return or(...ways)!;
}

/**
 * Shown products (the owner's switch) matching every word of the search (all of them without
 * one, none for a search of punctuation only), and with 'In stock only' not sold out.
 */
const matching = (terms: SearchTerms | null, near: NearSpellings, inStockOnly: boolean) =>
  and(
    eq(products.inStock, true),
    ...(terms
      ? terms.words.length
        ? terms.words.map((w) => wordMatches(w, near))
        : [sql`false`]
      : []),
    inStockOnly ? available : undefined,
  );

/**
 * 'Best match': products with every word in their name first, then those in a category the
 * search names, then by how often and where the words appear (the name weighs more than the
 * description), then A to Z.
 */
function bestMatchFirst(terms: SearchTerms, near: NearSpellings): SQL[] {
  const spellings = terms.words.map((w) => spellingsOf(w, near));
  const named = [...new Set(terms.words.flatMap((w) => w.categories))];
  return [
    sql`(${products.searchVector} @@ ${tsQuery(prefixQuery(spellings, "A"))}) desc`,
    ...(named.length ? [sql`(${inArray(products.category, named)}) desc`] : []),
    sql`ts_rank(${products.searchVector}, ${tsQuery(prefixQuery(spellings))}) desc`,
  ];
}

/**
 * For each word of four letters or more that starts no word of the catalogue (nor does its
 * singular), the catalogue's words nearest to it by trigram similarity (pg_trgm on the small
 * `search_words` table): 'kitengi' -> 'kitenge', 'masai' -> 'maasai'.
 */
export async function nearSpellings(db: Db, terms: SearchTerms): Promise<NearSpellings> {
  const near: NearSpellings = {};
  for (const word of terms.words.filter((w) => w.fuzzy)) {
    const starts = [word.text, singular(word.text)].map(
      (w) => sql`${searchWords.word} like ${`${w}%`}`,
    );
    const [known] = await db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(or(...starts))
      .limit(1);
    if (known) continue;
    const rows = await db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(
        and(
          sql`${searchWords.word} % ${word.text}`,
          sql`similarity(${searchWords.word}, ${word.text}) >= ${NEAR_SIMILARITY}`,
        ),
      )
      .orderBy(sql`similarity(${searchWords.word}, ${word.text}) desc`, asc(searchWords.word))
      .limit(NEAR_WORDS);
    if (rows.length) near[word.text] = rows.map((r) => r.word);
  }
  return near;
}
/** 'masai' and 'maasai' score 0.63, 'kitengi' and 'kitenge' 0.6; unrelated words under 0.3. */
const NEAR_SIMILARITY = 0.5;
const NEAR_WORDS = 3;

/** The search as the shop understood it, each misspelt word replaced by its nearest spelling. */
export function correctedSearch(terms: SearchTerms, near: NearSpellings): string | null {
  if (!Object.keys(near).length) return null;
  return terms.words.map((w) => near[w.text]?.[0] ?? w.text).join(" ");
}

/**
 * The listing's queries, unexecuted (the shop awaits them, the benchmark explains them): the page
 * and its total, which the listing indexes serve, and the sidebar's counts per category. A search
 * in 'Best match' order ranks its matches (`bestMatchFirst`); any other order is the shopper's.
 * `near` lets misspelt words match. The page is `params.page`, or the pages from `fromPage`
 * through it (a shop address after 'Load more').
 */
export function listingQueries(
  db: Db,
  params: ListingParams,
  near: NearSpellings = {},
  fromPage = params.page,
) {
  const terms = searchTerms(params.q);
  const filter = and(
    matching(terms, near, Boolean(params.inStockOnly)),
    params.category === ALL ? undefined : eq(products.category, params.category),
  );
  const ranked =
    terms?.words.length && params.sort === "relevance" ? bestMatchFirst(terms, near) : [];
  return {
    page: db
      .select(summaryColumns)
      .from(products)
      .where(filter)
      .orderBy(...ranked, ...ORDER[params.sort])
      .limit(PAGE_SIZE * (params.page - fromPage + 1))
      .offset((fromPage - 1) * PAGE_SIZE),
    total: db.select({ n: count() }).from(products).where(filter),
    categoryCounts: db
      .select({ category: products.category, n: count() })
      .from(products)
      .where(matching(terms, near, Boolean(params.inStockOnly)))
      .groupBy(products.category),
  };
}

/** A database and the changes to its catalogue, which tell when kept counts are out of date. */
export type Catalogue = Pick<DatabaseHandle, "db" | "catalogue">;

/**
 * The sidebar's counts read every shown product that matches the search, which no index can
 * shorten for a common term. They are kept per search term (and 'In stock only') until the
 * catalogue changes, which every checkout's hold, release, sale and admin's change does, in this
 * process or another (see catalogue-changes.server.ts), per database.
 */
const keptCounts = keptUntilChange<Record<string, number>>(500);

function categoryCounts(
  { db, catalogue }: Catalogue,
  params: ListingParams,
  near: NearSpellings = {},
) {
  const key = `${params.inStockOnly ? "in-stock " : ""}${params.q.toLowerCase()}~${Object.values(near).join(",")}`;
  return keptCounts(catalogue, key, async () => {
    const rows = await listingQueries(db, params, near).categoryCounts;
    const counts: Record<string, number> = { [ALL]: 0 };
    for (const row of rows) {
      counts[row.category] = row.n;
      counts[ALL]! += row.n;
    }
    return counts;
  });
}

/** Listings' products and totals, kept the same way: a shopper with a cart gets pages of their own. */
const keptListings = keptUntilChange<{ products: ProductSummary[]; total: number }>(200);

async function listingOf(
  catalogue: Catalogue,
  params: ListingParams,
  fromPage: number,
  near: NearSpellings = {},
) {
  const key = JSON.stringify([params, fromPage, near]);
  const [{ products: rows, total: n }, counts] = await Promise.all([
    keptListings(catalogue.catalogue, key, async () => {
      const { page, total } = listingQueries(catalogue.db, params, near, fromPage);
      const [products, [totalRow]] = await Promise.all([page, total]);
      return { products, total: totalRow?.n ?? 0 };
    }),
    categoryCounts(catalogue, params, near),
  ]);
  return { products: rows, total: n, counts, hasMore: params.page * PAGE_SIZE < n };
}

/** Near spellings, kept per search until the catalogue changes, as the counts are. */
const keptNear = keptUntilChange<NearSpellings>(500);
const keptSpellings = ({ db, catalogue }: Catalogue, terms: SearchTerms) =>
  keptNear(catalogue, terms.words.map((w) => w.text).join(" "), () => nearSpellings(db, terms));

/**
 * One page of the shop (or the pages from `fromPage` through it), its total, and the counts
 * beside it. Misspelt words are searched as the catalogue spells them (and the correction said);
 * a search that finds nothing suggests a category.
 */
export async function shopListing(
  catalogue: Catalogue,
  params: ListingParams,
  fromPage = params.page,
): Promise<ShopListing> {
  const terms = searchTerms(params.q);
  const near = terms ? await keptSpellings(catalogue, terms) : {};
  const corrected = terms ? correctedSearch(terms, near) : null;
  const listing = { ...(await listingOf(catalogue, params, fromPage, near)), corrected };
  if (listing.total > 0 || !terms) return { ...listing, suggestion: null };

  if ((listing.counts[ALL] ?? 0) > 0) {
    const [category] = Object.entries(listing.counts)
      .filter(([id]) => id !== ALL)
      .sort(([, a], [, b]) => b - a)[0]!;
    return { ...listing, suggestion: { category, keepSearch: true } };
  }
  const nearest = closestCategory(params.q, await stockedCategories(catalogue));
  return {
    ...listing,
    suggestion:
      nearest && nearest !== params.category ? { category: nearest, keepSearch: false } : null,
  };
}

/**
 * The categories with at least one product on show, for the menus, the footer and About: a
 * collection with nothing in it is not offered. Read through the kept counts.
 */
export async function stockedCategories(catalogue: Catalogue): Promise<string[]> {
  const counts = await categoryCounts(catalogue, { q: "", category: ALL, sort: "name", page: 1 });
  return Object.keys(counts).filter((id) => id !== ALL && (counts[id] ?? 0) > 0);
}
