import { orUnavailable } from "~/db/unavailable.server";
import { CATEGORY_IDS, categoryHref } from "~/modules/catalog/categories";
import { sitemapProducts } from "~/modules/catalog/products.server";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The storefront pages, every category and every in-stock product. */
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
  const urls = [
    ...pages.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
    ...products.map(
      (p) =>
        `<url><loc>${escapeXml(`${base}/product/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
