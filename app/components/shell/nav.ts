/** What the shell's menus show; the storefront layout builds it from the catalogue. */
export type NavCategory = { id: string; name: string; href: string };

export const MAIN_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

/** The footer's help pages: what delivery costs, how returns work, where an order is. */
export const HELP_LINKS = [
  { to: "/delivery", label: "Delivery" },
  { to: "/returns", label: "Returns" },
  { to: "/orders", label: "Track your order" },
] as const;

/** The category the current URL shows: the `category` query on /shop, 'all' when there is none. */
export function activeCategory(pathname: string, search: string): string | null {
  if (pathname !== "/shop") return null;
  return new URLSearchParams(search).get("category") || "all";
}
