import { listingHref, parseListingParams } from "./listing";

/**
 * Where a product page's 'Back to Shop' leads: the shop listing the shopper came from (its
 * category, search, sort, 'In stock only' and how far 'Load more' went, read from the page that
 * linked here), else /shop. Only this shop's
 * own listing counts: any other page, or another site, gives /shop.
 */
export function backToShopHref(referer: string | null, shopOrigins: string[]): string {
  if (!referer) return "/shop";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "/shop";
  }
  // In either language: the link is written without it, and the page's own is added to it.
  const listing = from.pathname.replace(/^\/sw(?=\/)/, "");
  if (!shopOrigins.includes(from.origin) || listing !== "/shop") return "/shop";
  // Read as the shop reads its own address: anything it does not know is left out.
  const { category, q, sort, inStockOnly, onSaleOnly, page } = parseListingParams(
    from.searchParams,
  );
  return listingHref({ category, q, sort, inStockOnly, onSaleOnly, page });
}
