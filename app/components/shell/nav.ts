import { msg } from "~/i18n/messages";

/** What the shell's menus show; the storefront layout builds it from the catalogue. */
export type NavCategory = { id: string; name: string; href: string };

/** The main navigation, in the page's language. */
export const mainLinks = () => [
  { to: "/", label: msg.navHome },
  { to: "/shop", label: msg.navShop },
  { to: "/about", label: msg.navAbout },
  { to: "/contact", label: msg.navContact },
];

/** The footer's help pages: what delivery costs, how returns work, where an order is. */
export const helpLinks = () => [
  { to: "/delivery", label: msg.navDelivery },
  { to: "/returns", label: msg.navReturns },
  { to: "/orders", label: msg.navTrackOrder },
];

/**
 * A storefront path as a plain link's address in the page's language (React Router's links add
 * the language's prefix themselves; a plain `<a>` does not).
 */
export const plainHref = (to: string) =>
  msg.pathPrefix ? `${msg.pathPrefix}${to === "/" ? "" : to}` : to;

/** The category the current URL shows: the `category` query on /shop, 'all' when there is none. */
export function activeCategory(pathname: string, search: string): string | null {
  if (pathname !== "/shop") return null;
  return new URLSearchParams(search).get("category") || "all";
}
