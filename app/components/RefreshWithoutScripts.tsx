import { useLocation, useMatches } from "react-router";

/**
 * A route whose page refreshes itself where JavaScript is off (while a payment is confirmed)
 * exports this as its `handle`: from its loader's data and the address, the refresh's `content`
 * ('5', or '4;url=...'), or null while the page needs none. With JavaScript the page looks again
 * by itself instead.
 */
export type RefreshHandle<Data> = {
  refreshWithoutScripts: (data: Data, at: { pathname: string; search: string }) => string | null;
};

/**
 * In the head, the refresh the page's route asks for, inside a noscript: HTML allows a refresh's
 * meta in a noscript only there, not in the body (the W3C's checker refuses it). Rendered by the
 * server only: a browser running the scripts needs no refresh, hydration passes over a tag in the
 * head that it does not render, and the storefront's script budget keeps these bytes.
 */
export const RefreshWithoutScripts = import.meta.env.SSR ? RefreshInHead : () => null;

function RefreshInHead() {
  const matches = useMatches();
  const at = useLocation();
  for (const match of matches) {
    const handle = match.handle as Partial<RefreshHandle<unknown>> | undefined;
    const content =
      handle?.refreshWithoutScripts && match.loaderData !== undefined
        ? handle.refreshWithoutScripts(match.loaderData, at)
        : null;
    if (content) {
      return (
        <noscript>
          <meta httpEquiv="refresh" content={content} />
        </noscript>
      );
    }
  }
  return null;
}
