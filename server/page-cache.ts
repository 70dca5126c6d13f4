import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type express from "express";
import { LRUCache } from "lru-cache";
import { scriptsAfterPaint } from "./scripts-after-paint";

/**
 * Storefront pages, rendered once and answered from memory to every visitor: the same HTML for
 * all of them, since a page differs between visitors only by the shopper's own parts (the cart's
 * count and contents, a one-time message), which are filled in per answer. What each answer gets
 * of its own:
 *
 * - its shopper's parts: the page is rendered with a random marker in each shopper slot
 *   (components/shell/shopper.tsx), and `fill` gives each answer the slots' HTML from the
 *   request's own cookies, with any cookie to set (a one-time message spent);
 * - its Content-Security-Policy nonce: a page is rendered with a random marker in place of the
 *   nonce, and each answer replaces the marker with a fresh nonce, in the page and the header;
 * - its freshness: a kept page is used only at the catalogue version it was rendered at (see
 *   app/db/catalogue-changes.server.ts), so a change to a product or its stock shows on the next
 *   request in this process, and in other processes as soon as their notification arrives.
 *
 * Requests for the same page that arrive while it renders wait for that one render. Pages are
 * rendered for the shop's own address (PUBLIC_URL), never the request's Host header, so a forged
 * Host cannot end up in a page kept for others, and with no other request header except what
 * `vary` names: a page that reads one (a product page's 'Back to Shop' reads the Referer) is kept
 * once per value of it, as `vary` normalises it.
 *
 * Every page's scripts are asked for after its first paint (scripts-after-paint.ts).
 *
 * A request with an Authorization header gets a page rendered for it and never kept, also whole
 * and compressed here: compressing a page in one pass off the main thread costs a fraction of
 * compressing React's stream of small writes as they come (a tenth of a page's time, measured).
 */
export type RenderPage = (
  request: Request,
  options: { shared?: { nonceMarker: string; shopperMarker: string }; clientAddress?: string },
) => Promise<Response>;

export type Rendered = {
  status: number;
  headers: [string, string][];
  html: string;
  /** Stands for the nonce in `html` and the headers. */
  marker: string;
  /** Stands for the shopper's own parts in `html`: `${shopperMarker}:${slot}:`. */
  shopperMarker?: string;
};

/** One shopper's parts of a page: each slot's HTML, and the cookies its answer sets. */
export type ShopperParts = { slots: Record<string, string>; setCookie: string[] };

type KeptPage = Rendered & { version: number; bytes: number };

type Options = {
  /** Renders a page as React Router does, whole, with `nonceMarker` as its scripts' nonce. */
  render: RenderPage;
  /** The shopper's parts of a shared page, from the request's cookies. */
  fill: (req: express.Request) => Promise<ShopperParts>;
  /** The catalogue's version now (grows with every change). */
  version: () => number;
  /** Where the shop is reached: the origin pages are rendered for. */
  origin: string;
  /** How much HTML to keep, in bytes; the least recently used pages go first. */
  maxBytes: number;
  /**
   * The request headers a page depends on, normalised to the few values that change it (none by
   * default): each set is a page of its own, rendered with exactly these headers.
   */
  vary?: (req: express.Request) => Record<string, string>;
};

/** The storefront's pages that are the same for every visitor without cookies. */
const SHARED_PAGES =
  /^(?:\/sw)?(?:\/(?:shop|about|contact|delivery|returns|menu|product\/[^/.]+)?\/?)?$/;

/**
 * Whether a request may be answered with a page kept for everyone (and its own parts filled in):
 * any storefront page, cookies or not; not one sent with credentials of another kind.
 */
export function isSharedPageRequest(req: {
  method: string;
  path: string;
  headers: Record<string, unknown>;
}): boolean {
  return isStorefrontPageRequest(req) && !req.headers.authorization;
}

/** A storefront page asked for by a browser, with or without cookies. */
const isStorefrontPageRequest = (req: { method: string; path: string }) =>
  req.method === "GET" && SHARED_PAGES.test(req.path);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli at 4 is about as fast as gzip at 6 and a tenth smaller on these pages. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Headers of the render that an answer does not repeat: set again, or never shared. */
const DROPPED = new Set(["content-length", "content-encoding", "set-cookie", "transfer-encoding"]);

export function pageCache({
  render,
  fill,
  version,
  origin,
  maxBytes,
  vary = () => ({}),
}: Options): express.RequestHandler {
  /** At most `maxBytes` of HTML, the least recently used page dropped first; none over a quarter. */
  const kept = new LRUCache<string, KeptPage>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (page) => page.bytes,
  });
  const rendering = new Map<string, Promise<Rendered>>();

  const keep = (key: string, page: Rendered, at: number) => {
    // A page over the entry limit is not kept (and drops an older copy of itself).
    kept.set(key, { ...page, version: at, bytes: Math.max(1, page.html.length) });
  };

  const renderFresh = async (
    key: string,
    url: string,
    headers: Record<string, string>,
    at: number,
  ): Promise<Rendered> => {
    const marker = randomBytes(16).toString("base64");
    // Letters and digits only: it passes unchanged through HTML, JSON and URL escaping.
    const shopperMarker = `shopper${randomBytes(16).toString("hex")}`;
    const response = await render(
      new Request(new URL(url, origin), { headers: { ...headers, accept: "text/html" } }),
      { shared: { nonceMarker: marker, shopperMarker } },
    );
    const page: Rendered = {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !DROPPED.has(name)),
      html: scriptsAfterPaint(await response.text()),
      marker,
      shopperMarker,
    };
    const shareable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      /^text\/html/.test(response.headers.get("content-type") ?? "");
    if (shareable) keep(key, page, at);
    return page;
  };

  /** A visitor's own page: rendered with their request (cookies and all), never kept. */
  const renderOwn = async (req: express.Request): Promise<Rendered & { cookies: string[] }> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const response = await render(new Request(new URL(req.originalUrl, origin), { headers }), {
      clientAddress: req.ip,
    });
    return {
      status: response.status,
      headers: [...response.headers].filter(([name]) => !DROPPED.has(name)),
      html: scriptsAfterPaint(await response.text()),
      marker: "",
      cookies: response.headers.getSetCookie(),
    };
  };

  return async (req, res, next) => {
    if (!isStorefrontPageRequest(req)) return next();
    if (!isSharedPageRequest(req)) {
      try {
        const own = await renderOwn(req);
        if (own.cookies.length) res.setHeader("Set-Cookie", own.cookies);
        await answerPage(req, res, own);
      } catch (error) {
        next(error);
      }
      return;
    }
    try {
      const headers = vary(req);
      const key = JSON.stringify([req.originalUrl, headers]);
      const at = version();
      const hit = kept.get(key);
      let page: Rendered;
      if (hit?.version === at) {
        page = hit;
        res.setHeader("X-Page-Cache", "hit");
      } else {
        const flight = `${at} ${key}`;
        let pending = rendering.get(flight);
        if (!pending) {
          pending = renderFresh(key, req.originalUrl, headers, at).finally(() =>
            rendering.delete(flight),
          );
          rendering.set(flight, pending);
        }
        page = await pending;
        res.setHeader("X-Page-Cache", "miss");
      }
      const own = await fill(req);
      if (own.setCookie.length) res.setHeader("Set-Cookie", own.setCookie);
      await answerPage(req, res, page, own.slots);
    } catch (error) {
      next(error);
    }
  };
}

/** One answer: the page with its shopper's parts and a fresh nonce, compressed as the browser accepts. */
export async function answerPage(
  req: express.Request,
  res: express.Response,
  page: Rendered,
  slots: Record<string, string> = {},
) {
  const nonce = randomBytes(16).toString("base64");
  const fresh = (text: string) => (page.marker ? text.replaceAll(page.marker, nonce) : text);
  const filled = page.shopperMarker
    ? page.html.replace(
        new RegExp(`${page.shopperMarker}:([a-z-]+):`, "g"),
        (_, slot: string) => slots[slot] ?? "",
      )
    : page.html;
  const html = fresh(filled);
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, fresh(value));
  // The shopper's parts come from their cookies.
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  const encoding = req.acceptsEncodings("br", "gzip", "identity");
  if (encoding === "br" || encoding === "gzip") {
    res.setHeader("Content-Encoding", encoding);
    res.end(encoding === "br" ? await brotli(html, BROTLI) : await gzip(html));
  } else {
    res.end(html);
  }
}
