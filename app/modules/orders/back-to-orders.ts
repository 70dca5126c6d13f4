/**
 * Where an order page's 'Back to orders' leads: the orders list the owner came from (its view,
 * filter, search, sort and pages, as its address had them), else the list as it opens. Only this
 * shop's own list counts.
 */
export function backToOrdersHref(referer: string | null, shopOrigins: string[]): string {
  if (!referer) return "/admin/orders";
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return "/admin/orders";
  }
  if (!shopOrigins.includes(from.origin) || from.pathname !== "/admin/orders") {
    return "/admin/orders";
  }
  const kept = new URLSearchParams();
  for (const [key, value] of from.searchParams) {
    if (/^(view|status|q|sort|\w+Page)$/.test(key)) kept.append(key, value.slice(0, 100));
  }
  const query = kept.toString();
  return query ? `/admin/orders?${query}` : "/admin/orders";
}
