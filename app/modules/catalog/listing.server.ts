import { and, asc, count, desc, eq, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DatabaseHandle, Db } from "~/db/client.server";
import { products, searchWords } from "~/db/schema";
import { available } from "~/modules/inventory/stock-sql.server";
import { ALL } from "~/terms/categories";
import { keptUntilChange } from "./kept-until-change.server";
import { containsPattern, type ListingParams, PAGE_SIZE } from "./listing";
import { type ProductSummary, summaryColumns } from "./products.server";
import { onSale } from "./sale-sql.server";
import {
  closestCategory,
  type SearchTerms,
  type SearchWord,
  searchTerms,
  singular,
  wordsQuery,
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
  // The price a shopper pays, sale or not (products.selling_price, indexed).
  "price-asc": [asc(products.sellingPrice), asc(products.id)],
  "price-desc": [desc(products.sellingPrice), desc(products.id)],
};

/** The search box's match, on the shop and in the back-office alike: name or description. */
export const searchMatches = (q: string) =>
  q ? sql`${products.searchText} like ${containsPattern(q)}` : undefined;

/**
 * How each search word is matched (`wordSpellings`): its spellings, each a whole word, stemmed
 * ('print' finds 'prints' and 'printed'), or the start of a word ('ki*' finds 'kimono'); and, for a
 * misspelt word, the catalogue's spelling the shop searched for ('kitengi' -> 'kitenge').
 */
export type Spellings = Record<string, { match: string[]; corrected?: string }>;

/** A word's spellings; a word not looked up matches the start of a word. */
const spellingsOf = (word: SearchWord, spellings: Spellings) =>
  spellings[word.text]?.match ?? [`${word.text}*`];

/** `to_tsquery` of a query `wordsQuery` built. */
const tsQuery = (query: string) => sql`to_tsquery('english'::regconfig, ${query})`;

/**
 * Every word of the shop's search: the start of a word in the name or description, stemmed
 * ('dresses' finds 'dress', 'ki' finds 'kimono', 'red' never finds 'tailored'), a spelling of the
 * catalogue's near it ('kitengi'), or a category it names ('kimonos', 'kids'). A word the
 * English text search ignores ('very', 'it') asks nothing.
 *
 * Written as alternatives that each ask the text index one question ('ankara & dress', or
 * 'ankara' in the dresses category) rather than one question per word: the database then
 * intersects the words inside the index instead of reading every product that has one of them.
 * A search whose words name too many categories keeps one condition per word.
 */
function wordsMatch(words: readonly SearchWord[], spellings: Spellings): SQL {
  type Branch = { text: SearchWord[]; categories: string[] | null };
  let branches: Branch[] = [{ text: [], categories: null }];
  for (const word of words) {
    branches = branches.flatMap(({ text, categories }) => {
      const inCategories = (categories ?? word.categories).filter((c) =>
        word.categories.includes(c),
      );
      return [
        { text: [...text, word], categories },
        ...(inCategories.length ? [{ text, categories: inCategories }] : []),
      ];
    });
  }
  if (branches.length > MAX_BRANCHES) return and(...words.map((w) => wordMatches(w, spellings)))!;
  return or(
    ...branches.map(({ text, categories }) =>
      and(
        text.length
          ? textMatches(wordsQuery(text.map((w) => spellingsOf(w, spellings))))
          : undefined,
        categories ? inArray(products.category, categories) : undefined,
      ),
    ),
  )!;
}
const MAX_BRANCHES = 8;

/** The text search's match; a query of words it ignores only ('very') asks nothing. */
function textMatches(query: string): SQL {
  const ts = tsQuery(query);
  return sql`(numnode(${ts}) = 0 or ${products.searchVector} @@ ${ts})`;
}

/** One word's condition, for a search too branchy for `wordsMatch`. */
function wordMatches(word: SearchWord, spellings: Spellings): SQL {
  const ways = [textMatches(wordsQuery([spellingsOf(word, spellings)]))];
  if (word.categories.length) ways.push(inArray(products.category, word.categories));
  return or(...ways)!;
}

/**
 * Shown products (the owner's switch) matching every word of the search (all of them without
 * one, none for a search of punctuation only), with 'In stock only' not sold out, and with 'On
 * sale' selling below its price now.
 */
const matching = (
  terms: SearchTerms | null,
  spellings: Spellings,
  { inStockOnly, onSaleOnly }: Pick<ListingParams, "inStockOnly" | "onSaleOnly">,
) =>
  and(
    eq(products.inStock, true),
    terms ? (terms.words.length ? wordsMatch(terms.words, spellings) : sql`false`) : undefined,
    inStockOnly ? available : undefined,
    onSaleOnly ? onSale : undefined,
  );

/**
 * 'Best match': products with every word in their name first, then those in a category the
 * search names, then by how often and where the words appear (the name weighs more than the
 * description), then A to Z.
 */
function bestMatchFirst(terms: SearchTerms, spellings: Spellings): SQL[] {
  const named = namedCategories(terms);
  return [
    sql`(${inName(terms, spellings)}) desc`,
    ...(named.length ? [sql`(${inArray(products.category, named)}) desc`] : []),
    sql`ts_rank(${products.searchVector}, ${tsQuery(wordsQuery(everySpelling(terms, spellings)))}) desc`,
  ];
}

const everySpelling = (terms: SearchTerms, spellings: Spellings) =>
  terms.words.map((w) => spellingsOf(w, spellings));

/** A product with every word of the search in its name: 'Best match' shows these first. */
const inName = (terms: SearchTerms, spellings: Spellings) =>
  sql`${products.searchVector} @@ ${tsQuery(wordsQuery(everySpelling(terms, spellings), "A"))}`;

/**
 * Not `inName`, written so the planner does not estimate it: it would from how often the words
 * appear anywhere (a word in every description reads as in every name, leaving none here), and
 * sort every match instead of walking the name's index for a few.
 */
const notInName = (terms: SearchTerms, spellings: Spellings) =>
  sql`case when ${inName(terms, spellings)} then false else true end`;

/** The categories the search's words name ('kimonos'): 'Best match' shows them next. */
const namedCategories = (terms: SearchTerms) => [
  ...new Set(terms.words.flatMap((w) => w.categories)),
];

/**
 * 'Best match' ranks every match by how often and where its words appear up to this many
 * matches. Past it (a word nearly every product has), the order within each tier is A to Z,
 * which the name's index serves: ranking 90,909 matches took 336 ms at 100,000 products.
 */
export const RANKED_MATCHES = 2_000;

/**
 * One of 'Best match''s tiers, read on its own: the products with every word in the name or
 * not, in a category the search names or not (`null`: it names none).
 */
export type Tier = { inName: boolean; named: boolean | null; walk: boolean };

/**
 * How the page is read: by walking the order's index (`walk`) or sorting the matches; for 'Best
 * match' past RANKED_MATCHES, tier by tier (`tiers`), each walked or sorted as its count says.
 */
export type PagePlan = { walk: boolean; tiers: Tier[] | null };

/**
 * How each word of four letters or more is matched, from the catalogue's words (the small
 * `search_words` table): as a whole word when the catalogue uses it (or its singular), as the
 * start of a word when it starts one of them, and otherwise also as the catalogue's words nearest
 * to it by trigram similarity (pg_trgm): 'kitengi' -> 'kitenge', 'masai' -> 'maasai'. Shorter
 * words match the start of a word.
 */
export async function wordSpellings(db: Db, terms: SearchTerms): Promise<Spellings> {
  const spellings: Spellings = {};
  for (const word of terms.words.filter((w) => w.fuzzy)) {
    const forms = [...new Set([word.text, singular(word.text)])];
    const [known] = await db
      .select({ whole: sql<boolean>`${inArray(searchWords.word, forms)}` })
      .from(searchWords)
      .where(or(...forms.map((w) => sql`${searchWords.word} like ${`${w}%`}`)))
      .orderBy(sql`${inArray(searchWords.word, forms)} desc`)
      .limit(1);
    // A whole word is matched as one: a prefix match of a common word costs the database its
    // estimate (it scans every match instead of reading the listing's index in order).
    if (known) {
      spellings[word.text] = { match: [known.whole ? word.text : `${word.text}*`] };
      continue;
    }
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
    spellings[word.text] = {
      match: [word.text, ...rows.map((r) => r.word)],
      corrected: rows[0]?.word,
    };
  }
  return spellings;
}
/** 'masai' and 'maasai' score 0.63, 'kitengi' and 'kitenge' 0.6; unrelated words under 0.3. */
const NEAR_SIMILARITY = 0.5;
const NEAR_WORDS = 3;

/** The search as the shop understood it, each misspelt word replaced by its nearest spelling. */
export function correctedSearch(terms: SearchTerms, spellings: Spellings): string | null {
  if (!terms.words.some((w) => spellings[w.text]?.corrected)) return null;
  return terms.words.map((w) => spellings[w.text]?.corrected ?? w.text).join(" ");
}

/**
 * The listing's queries, unexecuted (the shop awaits them, the benchmark explains them): the page,
 * the sidebar's counts per category (which give the page's total), and the total alone. A search
 * in 'Best match' order ranks its matches (`bestMatchFirst`); any other order is the shopper's.
 * `spellings` says how each word matches (`wordSpellings`). The page is `params.page`, or the
 * pages from `fromPage` through it (a shop address after 'Load more').
 *
 * `walk` (the default) reads the order's index until the page is full; otherwise the page sorts
 * what the text index found (`walksTheOrder` chooses). Sorting by an expression is how the
 * planner is told not to walk.
 */
export function listingQueries(
  db: Db,
  params: ListingParams,
  spellings: Spellings = {},
  fromPage = params.page,
  plan: PagePlan = { walk: true, tiers: null },
) {
  const terms = searchTerms(params.q);
  const filter = and(
    matching(terms, spellings, params),
    params.category === ALL ? undefined : eq(products.category, params.category),
  );
  const limit = PAGE_SIZE * (params.page - fromPage + 1);
  const offset = (fromPage - 1) * PAGE_SIZE;
  const ranked =
    terms?.words.length && params.sort === "relevance" ? bestMatchFirst(terms, spellings) : [];
  const order = plan.walk ? ORDER[params.sort] : SORTED[params.sort];
  return {
    page:
      plan.tiers?.length && terms
        ? tieredPage(db, filter, plan.tiers, terms, spellings, limit, offset)
        : db
            .select(summaryColumns)
            .from(products)
            .where(filter)
            // Sold-out products last, whatever the order: a shopper sees what can be bought first.
            .orderBy(asc(products.soldOut), ...ranked, ...order)
            .limit(limit)
            .offset(offset),
    total: db.select({ n: count() }).from(products).where(filter),
    categoryCounts: db
      .select({
        category: products.category,
        n: count(),
        inName: terms?.words.length
          ? sql<number>`count(*) filter (where ${inName(terms, spellings)})`.mapWith(Number)
          : sql<number>`0`.mapWith(Number),
      })
      .from(products)
      .where(matching(terms, spellings, params))
      .groupBy(products.category),
  };
}

/**
 * 'Best match' past RANKED_MATCHES: each tier's first products in name order (read from the
 * name's index or sorted, as its count says), as many as the page could take from it, then the
 * page from those few, the sold-out last as everywhere.
 */
function tieredPage(
  db: Db,
  filter: SQL | undefined,
  tiers: Tier[],
  terms: SearchTerms,
  spellings: Spellings,
  limit: number,
  offset: number,
) {
  const named = namedCategories(terms);
  const [first, ...rest] = tiers.map((tier, i) =>
    db
      .select({
        id: products.id,
        soldOut: products.soldOut,
        tier: sql<number>`${sql.raw(String(i))}`.as("tier"),
        name: products.name,
      })
      .from(products)
      .where(
        and(
          filter,
          tier.inName ? inName(terms, spellings) : notInName(terms, spellings),
          tier.named === null
            ? undefined
            : tier.named
              ? inArray(products.category, named)
              : notInArray(products.category, named),
        ),
      )
      .orderBy(asc(products.soldOut), ...(tier.walk ? ORDER.name : SORTED.name))
      .limit(offset + limit),
  );
  const top = (rest[0] ? unionAll(first!, rest[0], ...rest.slice(1)) : first!).as("top");
  return db
    .select(summaryColumns)
    .from(top)
    .innerJoin(products, eq(products.id, top.id))
    .orderBy(asc(top.soldOut), asc(top.tier), asc(top.name), asc(top.id))
    .limit(limit)
    .offset(offset);
}

/**
 * How a page of `params` is read, from the kept counts of its matches (`counts`, and `shown`
 * for the listing without a search).
 */
export function pagePlan(params: ListingParams, counts: Counts, shown: Counts): PagePlan {
  const total = counts.matches[params.category] ?? 0;
  const onShow = shown.matches[params.category] ?? 0;
  const walk = walksTheOrder(total, onShow);
  const terms = searchTerms(params.q);
  if (!terms?.words.length || params.sort !== "relevance" || total <= RANKED_MATCHES) {
    return { walk, tiers: null };
  }
  const named = namedCategories(terms);
  const categories = Object.keys(counts.matches).filter(
    (c) => c !== ALL && (params.category === ALL || c === params.category),
  );
  const tiers: Tier[] = [];
  for (const nameTier of [true, false]) {
    for (const namedTier of named.length ? [true, false] : [null]) {
      let n = 0;
      for (const c of categories) {
        if (namedTier !== null && named.includes(c) !== namedTier) continue;
        const withName = counts.inName[c] ?? 0;
        n += nameTier ? withName : (counts.matches[c] ?? 0) - withName;
      }
      if (n > 0) tiers.push({ inName: nameTier, named: namedTier, walk: walksTheOrder(n, onShow) });
    }
  }
  return { walk, tiers };
}
/**
 * Whether a page of `matches` among `shown` products is read by walking the order's index or by
 * sorting the matches. Walking finds 24 after about 24 x shown / matches products when matches
 * are spread through the order, which is quick when most products match; but names cluster
 * (every 'Kitenge ...' together), so a walk can read thousands of rows when few match. It is
 * chosen only when that estimate is a tenth of the matches sorting reads (100,000 products:
 * 'ankara dresses' by name 97 ms walking, 18 sorting; 'ki' in kimonos 3 walking, 30 sorting).
 */
export const walksTheOrder = (matches: number, shown: number) =>
  matches * matches >= 10 * PAGE_SIZE * shown;

/** `ORDER` as expressions no index serves (see `listingQueries`). */
const SORTED: Record<ListingParams["sort"], SQL[]> = {
  relevance: [sql`${products.name} || ''`, asc(products.id)],
  name: [sql`${products.name} || ''`, asc(products.id)],
  "price-asc": [sql`${products.sellingPrice} + 0`, asc(products.id)],
  "price-desc": [sql`${products.sellingPrice} + 0 desc`, desc(products.id)],
};

/** A database and the changes to its catalogue, which tell when kept counts are out of date. */
export type Catalogue = Pick<DatabaseHandle, "db" | "catalogue">;

/**
 * The sidebar's counts read every shown product that matches the search, which no index can
 * shorten for a common term. They are kept per search term (and 'In stock only') until the
 * catalogue changes, which every checkout's hold, release, sale and admin's change does, in this
 * process or another (see catalogue-changes.server.ts), per database.
 */
const keptCounts = keptUntilChange<Counts>(500);

/**
 * A search's matches per category (and for 'all'), and of them those with every word in the
 * name (`inName`, which 'Best match' shows first).
 */
export type Counts = { matches: Record<string, number>; inName: Record<string, number> };

/** The sidebar's counts for `params`'s search and filters, read now. */
export async function countMatches(db: Db, params: ListingParams, spellings: Spellings = {}) {
  const rows = await listingQueries(db, params, spellings).categoryCounts;
  const counts: Counts = { matches: { [ALL]: 0 }, inName: {} };
  for (const row of rows) {
    counts.matches[row.category] = row.n;
    counts.matches[ALL]! += row.n;
    counts.inName[row.category] = row.inName;
  }
  return counts;
}

function categoryCounts(catalogue: Catalogue, params: ListingParams, spellings: Spellings = {}) {
  const key = `${params.inStockOnly ? "in-stock " : ""}${params.onSaleOnly ? "on-sale " : ""}${params.q.toLowerCase()}~${JSON.stringify(spellings)}`;
  return keptCounts(catalogue.catalogue, key, () => countMatches(catalogue.db, params, spellings));
}

/**
 * Listings' pages, kept the same way: a shopper with a cart gets pages of their own. The total
 * is the sidebar's count for the category (the same filter), so no listing counts its matches
 * again, and a listing that matches nothing asks for no page.
 */
const keptListings = keptUntilChange<ProductSummary[]>(200);

async function listingOf(
  catalogue: Catalogue,
  params: ListingParams,
  fromPage: number,
  spellings: Spellings = {},
) {
  const [counts, shown] = await Promise.all([
    categoryCounts(catalogue, params, spellings),
    categoryCounts(catalogue, { ...params, q: "" }),
  ]);
  const total = counts.matches[params.category] ?? 0;
  const plan = pagePlan(params, counts, shown);
  const rows = total
    ? await keptListings(catalogue.catalogue, JSON.stringify([params, fromPage, spellings]), () =>
        listingQueries(catalogue.db, params, spellings, fromPage, plan).page.execute(),
      )
    : [];
  return {
    products: rows,
    total,
    counts: counts.matches,
    hasMore: params.page * PAGE_SIZE < total,
  };
}

/** Words' spellings, kept per search until the catalogue changes, as the counts are. */
const keptWordSpellings = keptUntilChange<Spellings>(500);
const keptSpellings = ({ db, catalogue }: Catalogue, terms: SearchTerms) =>
  keptWordSpellings(catalogue, terms.words.map((w) => w.text).join(" "), () =>
    wordSpellings(db, terms),
  );

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
  const spellings = terms ? await keptSpellings(catalogue, terms) : {};
  const corrected = terms ? correctedSearch(terms, spellings) : null;
  const listing = { ...(await listingOf(catalogue, params, fromPage, spellings)), corrected };
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
  const { matches: counts } = await categoryCounts(catalogue, {
    q: "",
    category: ALL,
    sort: "name",
    page: 1,
  });
  return Object.keys(counts).filter((id) => id !== ALL && (counts[id] ?? 0) > 0);
}
