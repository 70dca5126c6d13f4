import { getEnv } from "~/utils/env.server";

export function loader() {
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /cart\n\nSitemap: ${getEnv().PUBLIC_URL}/sitemap.xml\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
