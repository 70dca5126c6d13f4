import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import stylesheet from "~/app.css?url";
import { OfflinePage } from "~/components/offline/OfflinePage";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/offline";

/** The offline page the service worker keeps: the same for every visitor, so it holds nothing of one. */
export function loader({ context }: Route.LoaderArgs) {
  const shopName = context.get(servicesContext).settings.SHOP_NAME;
  const html = renderToStaticMarkup(createElement(OfflinePage, { shopName, stylesheet }));
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Robots-Tag": "noindex",
      // A page without a script: it allows none.
      "Content-Security-Policy":
        "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    },
  });
}
