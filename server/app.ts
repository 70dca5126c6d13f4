import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { msg } from "~/i18n/messages";
import { backToShopHref } from "~/modules/catalog/back-to-shop";
import { notificationAt } from "~/modules/payments/catalogue";
import { requestContext, type Services } from "~/services.server";
import { isCrossSiteRequest } from "~/utils/csrf";
import { escapeHtml } from "~/utils/escape-html";
import { languageToOffer, pathLanguage } from "~/utils/language";
import { logger } from "~/utils/logger.server";
import { metricsRegistry, observeHttpRequest } from "~/utils/metrics.server";
import { benchHooks } from "./bench-hooks";
import { bodyLimit, FORM_BYTES, PHOTOS_BYTES, SMALL_JSON_BYTES } from "./body-limit";
import { ENGLISH_ONLY, languageBuilds } from "./language-builds";
import { languageSwitch } from "./language-switch";
import { pageCache } from "./page-cache";
import { refuseMalformedRequests } from "./refuse-malformed";
import { inRequestLanguage } from "./request-language";
import { routeLabeller } from "./route-label";
import { secureCookies } from "./secure-cookies";
import { shopperParts } from "./shopper-parts";

export { boot, shutdown } from "~/boot.server";
export { StartupError } from "~/utils/startup-error";

// The built shop resolves its server build once; resolving a dynamic import again on every
// request cost about 6% of a page's time. The development server gives a fresh one each time.
let built: Promise<typeof import("virtual:react-router/server-build")> | undefined;
const build = () => {
  if (!import.meta.env.PROD) return import("virtual:react-router/server-build");
  built ??= import("virtual:react-router/server-build");
  return built;
};
const builds = languageBuilds(build as () => Promise<ServerBuild>, import.meta.env.PROD);

/**
 * The shop's HTTP pipeline, in front of React Router, for one shop's settings: see createApp() at
 * the end.
 */
function createPipeline(services: Services): express.Router {
  const { settings } = services;
  const pipeline = express.Router();

  // One JSON line per request, with its id: the caller's X-Request-Id (cut to 64 characters), so a
  // proxy's id follows the request through, or a new UUID. The answer carries it back.
  pipeline.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const given = req.headers["x-request-id"];
        const id = (typeof given === "string" && given.slice(0, 64)) || randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      quietReqLogger: true, // puts reqId on the line itself
      customAttributeKeys: { responseTime: "ms" },
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  // helmet's security headers. The Content-Security-Policy is not helmet's: HTML pages get one
  // with a fresh nonce from app/entry.server.tsx, which React Router puts on its inline scripts.
  const overHttps = settings.PUBLIC_URL.startsWith("https:");
  const securityHeaders = helmet({
    contentSecurityPolicy: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only a shop served over https may promise browsers https for a year.
    strictTransportSecurity: overHttps ? { maxAge: 31536000, includeSubDomains: false } : false,
  });
  // Over https every cookie is Secure, whichever part of the shop sets it.
  if (overHttps) pipeline.use(secureCookies());
  pipeline.use((req, res, next) => {
    // helmet has no Permissions-Policy: the shop needs no camera, microphone or location.
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    securityHeaders(req, res, () => {
      // Product photos may be shown elsewhere (an email, a post linking a product); pages may not.
      if (req.path.startsWith("/media/"))
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      next();
    });
  });

  // Prometheus's scrape, not itself counted: off (the shop's 404) unless METRICS_TOKEN is set,
  // then only with that token.
  pipeline.get("/metrics", async (req, res, next) => {
    const token = settings.METRICS_TOKEN;
    if (!token) return next();
    if (!sameSecret(req.get("authorization") ?? "", `Bearer ${token}`)) {
      res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain");
      res.send("Send the metrics token as Authorization: Bearer <token>.");
      return;
    }
    res.set("Cache-Control", "no-store").type(metricsRegistry.contentType);
    res.send(await metricsRegistry.metrics());
  });

  // Requests and their latency by route pattern (never the raw URL, which has no bound).
  let labelRoute: ((pathname: string) => string) | undefined;
  pipeline.use(async (req, res, next) => {
    labelRoute ??= routeLabeller((await build()).routes);
    // Read now: a mounted router (the emulator) shortens req.path while it handles the request.
    const route =
      pathLanguage(req.path) === "sw"
        ? `/sw${labelRoute(req.path.slice(3) || "/")}`.replace(/\/$/, "")
        : labelRoute(req.path);
    const started = performance.now();
    res.once("finish", () => {
      const seconds = (performance.now() - started) / 1000;
      observeHttpRequest(req.method, route, res.statusCode, seconds);
    });
    next();
  });

  // Request bodies are bounded while they stream, whoever reads them: the JSON endpoints take a few
  // KB, forms a few tens of KB, and only the product editor's photos (3 of at most 10 MB) more.
  pipeline.use(
    bodyLimit(
      (req) =>
        SMALL_JSON.test(req.path)
          ? SMALL_JSON_BYTES
          : (notificationAt(req.path)?.route.maxBytes ??
            (isPhotoUpload(req) ? PHOTOS_BYTES : FORM_BYTES)),
      (req, res) => {
        if (/^\/api\//i.test(req.path)) {
          res.json({ error: { status: "INVALID_ARGUMENT", message: "The request is too large." } });
        } else if (req.accepts(["text/plain", "text/html"]) === "text/html") {
          // A form posted without JavaScript lands here as a page: say why and lead back to it.
          res.type("html").send(tooLargePage(isPhotoUpload(req), sameSiteReferer(req)));
        } else {
          res.type("text/plain").send("This request is too large.");
        }
      },
    ),
  );

  /** The page a form came from, when it is this shop's own (a path, safe to link back to). */
  function sameSiteReferer(req: express.Request): string {
    try {
      const from = new URL(req.get("referer") ?? "");
      return from.host === req.get("host") ? from.pathname + from.search : "/";
    } catch {
      return "/";
    }
  }

  /** In the language of the page the form was on (the photos' advice is the back office's). */
  function tooLargePage(photos: boolean, back: string) {
    const advice = photos ? msg.tooLargePhotos : msg.tooLargeForm;
    return `<!doctype html>
<html lang="${msg.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${msg.tooLargeTitle}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fffaf3;margin:0}main{max-width:32rem;margin:4rem auto;padding:0 1.25rem}a{color:#9a3412;font-weight:600}</style>
</head><body><main><h1>${msg.tooLargeTitle}</h1><p>${advice}</p><p><a href="${escapeHtml(back)}">${msg.goBack}</a></p></main></body></html>`;
  }

  // Demo mode: each provider's emulator answers inside the shop. Its API is called by the shop's
  // own client over HTTP, so that half sits before the browser-only CSRF check; its pages take
  // browsers' forms, so they sit after it.
  const emulators = services.payments.emulators;
  for (const emulator of emulators) pipeline.use(emulator.path, emulator.api);

  pipeline.use((req, res, next) => {
    const allowedOrigins = [settings.PUBLIC_URL];
    const host = req.get("host");
    if (host) allowedOrigins.push(`${req.protocol}://${host}`);
    const refused = isCrossSiteRequest({
      method: req.method,
      path: req.path,
      origin: req.get("origin"),
      referer: req.get("referer"),
      allowedOrigins,
      isExempt: (path) => path === "/api/checkout" || notificationAt(path) !== null,
    });
    if (refused) {
      res
        .status(403)
        .type("text/plain")
        .send("This request came from another site and was refused.");
      return;
    }
    next();
  });

  for (const emulator of emulators) pipeline.use(emulator.path, emulator.pages);
  pipeline.use(refuseMalformedRequests);
  if (settings.BENCH_HOOKS) pipeline.use("/__bench", benchHooks);
  return pipeline;
}

/** Compares in constant time (hashing first makes the lengths equal). */
function sameSecret(given: string, expected: string) {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const SMALL_JSON = /^\/api\/checkout(\.data)?\/?$/i;
const PRODUCT_EDITOR = /^\/admin\/products(\/[^/]+)?(\.data)?\/?$/i;
const isPhotoUpload = (req: express.Request) =>
  PRODUCT_EDITOR.test(req.path) && Boolean(req.is("multipart/form-data"));

// The CSRF check exempts payment notifications (they carry no authority: they only make the shop
// ask the provider) and the JSON checkout, which takes a type no cross-site form can send.

/**
 * A product page's 'Back to Shop' returns to the listing the shopper came from, read from the
 * Referer: a kept product page varies by that listing (its category, search and sort), not by
 * the whole Referer, so a listing's products are kept once per listing.
 */
function listingReferer(req: express.Request, publicUrl: string): Record<string, string> {
  if (!/^(\/sw)?\/product\//.test(req.path)) return {};
  const shop = new URL(publicUrl).origin;
  const back = backToShopHref(req.get("referer") ?? null, [
    `${req.protocol}://${req.get("host")}`,
    shop,
  ]);
  return back === "/shop" ? {} : { referer: shop + back };
}

/**
 * The home page offers the other language to a shopper who chose it or whose browser prefers it
 * (i18n/language-offer.server.ts): a kept home page varies by that alone, told to its render as
 * the Accept-Language header naming it.
 */
function homeOffer(req: express.Request): Record<string, string> {
  if (req.path !== "/" && req.path !== "/sw" && req.path !== "/sw/") return {};
  const offered = languageToOffer(pathLanguage(req.path), {
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  });
  return offered ? { "accept-language": offered } : {};
}

/**
 * The shop: request log, security headers, metrics, body limits, CSRF check, then React Router,
 * whose loaders and actions get `services` (built once at boot) and the client's address, as
 * Express resolved it under TRUST_PROXY (server.js), in their load context.
 */
export function createApp(services: Services): express.Router {
  const shop = express.Router();
  const env = services.settings;
  shop.use(inRequestLanguage);
  shop.use(createPipeline(services));
  // Storefront pages kept for visitors without cookies: only in a built shop (the development
  // server reloads modules under it).
  shop.get("/language/:language", languageSwitch);
  // Under /sw, what exists only in English is not found (in Kiswahili).
  shop.use((req, _res, next) => {
    // React Router reads the original URL.
    if (ENGLISH_ONLY.test(req.path)) req.url = req.originalUrl = "/sw/__not-found";
    next();
  });
  if (import.meta.env.PROD && env.PAGE_CACHE_MB > 0) {
    const renders = { en: createFetchHandler(builds.en), sw: createFetchHandler(builds.sw) };
    shop.use(
      pageCache({
        render: (request, { shared, clientAddress }) =>
          renders[pathLanguage(new URL(request.url).pathname)](
            request,
            requestContext(services, clientAddress, shared),
          ),
        fill: (req) => shopperParts(services, req),
        version: services.database.catalogue.version,
        origin: env.PUBLIC_URL,
        maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
        vary: (req) => ({ ...listingReferer(req, env.PUBLIC_URL), ...homeOffer(req) }),
      }),
    );
  }
  const getLoadContext = (req: express.Request) => requestContext(services, req.ip);
  const handlers = {
    en: createRequestHandler({ build: builds.en, getLoadContext }),
    sw: createRequestHandler({ build: builds.sw, getLoadContext }),
  };
  shop.all("/{*splat}", (req, res, next) => handlers[pathLanguage(req.path)](req, res, next));
  return shop;
}
