import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import stylesheet from "~/app.css?url";
import { OfflinePage } from "~/components/offline/OfflinePage";
import { getPublicConfig } from "~/utils/env.server";

/** The offline page the service worker keeps: the same for every visitor, so it holds nothing of one. */
export function loader() {
  const html = renderToStaticMarkup(
    createElement(OfflinePage, { shopName: getPublicConfig().shopName, stylesheet }),
  );
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
