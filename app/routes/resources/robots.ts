import { servicesContext } from "~/services.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { PUBLIC_URL } = context.get(servicesContext).settings;
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /cart\nDisallow: /sw/cart\nDisallow: /language/\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
