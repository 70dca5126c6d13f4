import Search from "lucide-react/icons/search";
import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import { Suspense, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation, useSubmit } from "react-router";
import { ProductCard } from "~/components/ProductCard";
import { Spinner } from "~/components/Spinner";
import { CategorySidebar, type SidebarEntry } from "~/components/shop/CategorySidebar";
import { orUnavailable } from "~/db/unavailable.server";
import { msg } from "~/i18n/messages";
import {
  defaultSort,
  LISTING_FILTERS,
  type ListingParams,
  listingHref,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  parseListingParams,
  sortsFor,
} from "~/modules/catalog/listing";
import { shopListing } from "~/modules/catalog/listing.server";
import type { ProductSummary } from "~/modules/catalog/products.server";
import { servicesContext } from "~/services.server";
import { ALL, categoryLabel, categoryName, groupsWithMore } from "~/terms/categories";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/shop";

/** The most pages one answer holds, however far a shopper loaded (or an address asks). */
const MAX_PAGES_AT_ONCE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const params = parseListingParams(search);
  // A shop address shows its list from the start through `page` (as far as 'Load more' went), so
  // Back and a reload return to the same list; 'Load more' itself fetches the next page alone.
  const fromPage = search.has("more")
    ? params.page
    : Math.max(1, params.page - MAX_PAGES_AT_ONCE + 1);
  const listing = await orUnavailable(() =>
    shopListing(context.get(servicesContext).database, params, fromPage),
  );
  // The description is for search engines, which read the server's page: it stays out of the
  // page's script, where each language's sentences would cost bytes of the budget.
  const category = params.category !== ALL ? categoryName(params.category) : null;
  const description = category ? msg.shopCategoryDescription(category) : msg.shopDescription;
  return { params, fromPage, description, ...listing };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const params = loaderData?.params;
  const category = params && params.category !== ALL ? categoryName(params.category) : null;
  return pageMeta({
    config: matches[0]?.loaderData?.config,
    title: category ? msg.shopCategoryTitle(category) : msg.shopTitle,
    description: loaderData?.description ?? "",
    path: listingHref({ category: params?.category, sort: params?.sort, page: params?.page }),
    noindex: Boolean(params?.q),
  });
};

function sidebarGroups(params: ListingParams, counts: Record<string, number>) {
  const entry = (id: string): SidebarEntry => ({
    id,
    name: categoryName(id),
    href: listingHref({ ...params, category: id, page: 1 }),
    count: counts[id] ?? 0,
    active: params.category === id,
  });
  return {
    all: entry(ALL),
    groups: groupsWithMore().map((group) => ({
      name: group.name,
      initiallyOpen: group.id === "women" || group.id === "home",
      entries: group.categories.map(entry),
    })),
  };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { params, fromPage, products, total, counts, hasMore, suggestion, corrected } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop";
  const submit = useSubmit();
  const sidebar = sidebarGroups(params, counts);
  const heading = params.category === ALL ? msg.navShop : categoryName(params.category);

  // 'Load more' appends the next page in place; a new filter starts from page one again.
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<ProductSummary[]>([]);
  const [nextPage, setNextPage] = useState(params.page + 1);
  const [moreAvailable, setMoreAvailable] = useState(hasMore);
  // A navigation (a filter, a sort, a link here again) starts the list afresh; the page's data
  // loaded again for the same address keeps what was appended, as the address counts it. Set
  // while rendering, so hydration renders the page once, not twice (one long task on a phone).
  const { key: navigationKey } = useLocation();
  const [listedAt, setListedAt] = useState(navigationKey);
  if (listedAt !== navigationKey) {
    setListedAt(navigationKey);
    setExtra([]);
    setNextPage(params.page + 1);
    setMoreAvailable(hasMore);
  }
  // The list a 'Load more' was asked from: its answer is dropped if the shopper has moved on to
  // another (a new filter while it was on its way).
  const askedFrom = useRef("");
  useEffect(() => {
    if (more.state !== "idle" || !more.data || askedFrom.current !== navigationKey) return;
    const page = more.data;
    setExtra((shown) => [
      ...shown,
      ...page.products.filter((p) => !shown.some((s) => s.id === p.id)),
    ]);
    setNextPage(page.params.page + 1);
    setMoreAvailable(page.hasMore);
    // The address counts what is shown, so Back from a product and a reload bring this list
    // back (ScrollRestoration then finds the place). Only the address changes: the rows are
    // here already, and a navigation would load the page's data again.
    window.history.replaceState(window.history.state, "", listingHref(page.params));
  }, [more.state, more.data, navigationKey]);
  const shown = [...products, ...extra];
  const nextHref = listingHref({ ...params, page: nextPage });
  // Where the first of the next products will be: the plain link lands on it.
  const nextAnchor = `product-${(nextPage - 1) * PAGE_SIZE + 1}`;

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-4 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Form method="get" action="/shop" role="search" className="flex flex-1 gap-2">
          {params.category !== ALL ? (
            <input type="hidden" name="category" value={params.category} />
          ) : null}
          {params.sort !== defaultSort(params.q) ? (
            <input type="hidden" name="sort" value={params.sort} />
          ) : null}
          {LISTING_FILTERS.map((f) =>
            params[f.key] ? (
              <input key={f.key} type="hidden" name={f.name} value={f.value} />
            ) : null,
          )}
          <label htmlFor="shop-search" className="sr-only">
            {msg.searchProducts}
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              size={18}
              className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
            />
            <input
              id="shop-search"
              type="search"
              name="q"
              defaultValue={params.q}
              key={params.q}
              maxLength={MAX_QUERY_LENGTH}
              placeholder={msg.searchPlaceholder}
              className="min-h-11 w-full rounded-full border border-hairline bg-white py-2 pr-4 pl-10"
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {msg.search}
          </button>
        </Form>

        <Form
          method="get"
          action="/shop"
          className="flex flex-wrap items-center gap-2"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          {params.category !== ALL ? (
            <input type="hidden" name="category" value={params.category} />
          ) : null}
          {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
          <label htmlFor="shop-sort" className="text-sm font-medium whitespace-nowrap">
            {msg.sortBy}
          </label>
          <select
            id="shop-sort"
            name="sort"
            defaultValue={params.sort}
            key={params.sort}
            className="min-h-11 rounded-full border border-hairline bg-white px-4"
          >
            {sortsFor(params.q).map((sort) => (
              <option key={sort.id} value={sort.id}>
                {msg.sortLabels[sort.id]}
              </option>
            ))}
          </select>
          {LISTING_FILTERS.map((f) => (
            <label
              key={f.key}
              className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium whitespace-nowrap sm:ml-2"
            >
              <input
                type="checkbox"
                name={f.name}
                value={f.value}
                defaultChecked={params[f.key]}
                key={String(params[f.key])}
                className="size-5 accent-accent"
              />
              {msg.filterLabels[f.key]}
            </label>
          ))}
          <noscript>
            <button type="submit" className="btn border border-hairline bg-white">
              {msg.apply}
            </button>
          </noscript>
        </Form>
      </div>

      <div className="mt-6 gap-8 md:grid md:grid-cols-[15rem_1fr]">
        {/* One list: a disclosure on a phone, open beside the grid from md up (app.css). A new
            category closes it (a new element): the products it chose come into view. */}
        <details
          key={params.category}
          className="filters-disclosure mb-4 rounded-xl border border-hairline bg-white md:mb-0 md:self-start md:border-0 md:bg-transparent"
          data-testid="filters"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-semibold [&::-webkit-details-marker]:hidden">
            <SlidersHorizontal size={18} aria-hidden="true" />
            {msg.filters}
          </summary>
          <div className="px-2 pb-3 md:p-0">
            <Suspense>
              <CategorySidebar all={sidebar.all} groups={sidebar.groups} />
            </Suspense>
          </div>
        </details>

        <section aria-labelledby="shop-results" aria-busy={loading}>
          {/* The cards' names are h3s: the list gets its h2, so headings go in order. */}
          <h2 className="sr-only">{msg.products}</h2>
          <div className="flex min-h-8 items-center justify-between">
            <p id="shop-results" className="text-sm text-muted" aria-live="polite">
              {msg.showingProducts(total)}
            </p>
            {loading ? <Spinner label={msg.loadingProducts} /> : null}
          </div>
          {corrected ? (
            <p className="mt-1 text-sm" data-testid="corrected-search">
              {msg.showingResultsFor(corrected)}
            </p>
          ) : null}
          {fromPage > 1 ? (
            <p className="mt-4 text-sm">
              <Link
                to={listingHref({ ...params, page: 1 })}
                className="font-semibold underline underline-offset-4"
              >
                {msg.backToStart}
              </Link>
            </p>
          ) : null}
          {shown.length ? (
            // Not faded while the next list loads: it stays readable (its spinner says it is
            // coming), however long a slow or dropped connection keeps it waiting.
            <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3 xl:grid-cols-4">
              {shown.map((product, i) => {
                const position = (fromPage - 1) * PAGE_SIZE + i + 1;
                return (
                  <li
                    key={product.id}
                    id={position % PAGE_SIZE === 1 ? `product-${position}` : undefined}
                    className={i >= FIRST_ROWS ? "render-when-near" : undefined}
                  >
                    <ProductCard
                      {...product}
                      categoryLabel={categoryLabel(product.category)}
                      priority={position <= 2}
                    />
                  </li>
                );
              })}
            </ul>
          ) : (
            <div className="mt-4 flex flex-col items-center rounded-2xl bg-sand px-6 py-16 text-center">
              <Search size={32} aria-hidden="true" className="text-muted" />
              <h2 className="mt-4 text-xl font-semibold">{msg.noProducts}</h2>
              <p className="mt-1 text-muted">{msg.noProductsHint}</p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                {suggestion ? (
                  <Link
                    to={listingHref({
                      category: suggestion.category,
                      q: suggestion.keepSearch ? params.q : undefined,
                      sort: params.sort,
                    })}
                    className="btn btn-primary"
                  >
                    {suggestion.keepSearch
                      ? msg.seeResultsIn(categoryName(suggestion.category))
                      : msg.browseCategory(categoryName(suggestion.category))}
                  </Link>
                ) : null}
                <Link
                  to="/shop"
                  className={suggestion ? "btn border border-ink bg-white" : "btn btn-primary"}
                >
                  {msg.clearFilters}
                </Link>
              </div>
            </div>
          )}
          {moreAvailable ? (
            <div className="mt-10 flex justify-center">
              <Link
                to={`${nextHref}#${nextAnchor}`}
                className="btn border border-ink bg-white px-8"
                onClick={(event) => {
                  event.preventDefault();
                  if (more.state !== "idle") return;
                  askedFrom.current = navigationKey;
                  more.load(`${nextHref}&more`);
                }}
              >
                {more.state === "idle" ? msg.loadMore : <Spinner label={msg.loadingMore} />}
              </Link>
            </div>
          ) : null}
        </section>
      </div>
    </main>
  );
}

/** The cards a phone or a laptop shows first: the rest are drawn as they near the screen. */
const FIRST_ROWS = 4;

export { keepPageOnCartChange as shouldRevalidate } from "~/components/cart/keep-page-on-cart-change";
