import { orUnavailable } from "~/db/unavailable.server";
import { sitemapProducts } from "~/modules/catalog/products.server";
import { servicesContext } from "~/services.server";
import { CATEGORY_IDS, categoryHref } from "~/terms/categories";
import { LANGUAGES, pathIn } from "~/utils/language";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * The storefront pages, every category and every in-stock product, each in English and in
 * Kiswahili, each naming the other as its alternate (Google's `xhtml:link` form of `hreflang`).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const base = settings.PUBLIC_URL;
  const products = await orUnavailable(() => sitemapProducts(db));
  const pages = [
    "/",
    "/shop",
    "/about",
    "/contact",
    "/delivery",
    "/returns",
    ...CATEGORY_IDS.map(categoryHref),
  ];
  const url = (path: string, lastmod?: Date) => {
    const alternates = LANGUAGES.map(
      (language) =>
        `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(base + pathIn(language, path))}"/>`,
    ).join("");
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return LANGUAGES.map(
      (language) =>
        `<url><loc>${escapeXml(base + pathIn(language, path))}</loc>${modified}${alternates}</url>`,
    ).join("\n");
  };
  const urls = [
    ...pages.map((path) => url(path)),
    ...products.map((p) => url(`/product/${p.id}`, p.updatedAt)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
