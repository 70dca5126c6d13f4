import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { CLIENT_IP_HEADER } from "~/modules/auth/login.server";
import { SANDBOX_KEY, SANDBOX_PATH, SANDBOX_SECRET } from "~/modules/payments/payments.server";
import { createPesapalEmulator } from "~/modules/payments/sandbox/emulator.server";
import { isCrossSiteRequest } from "~/utils/csrf";
import { getEnv } from "~/utils/env.server";
import { escapeHtml } from "~/utils/escape-html";
import { logger } from "~/utils/logger.server";

export { boot, shutdown } from "~/boot.server";
export { StartupError } from "~/utils/startup-error";

/** The shop's HTTP pipeline: request log, security headers, CSRF check, then React Router. */
export const app = express.Router();

app.use((req, _res, next) => {
  // The client's address for the login throttle, as Express resolved it (see TRUST_PROXY).
  req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
  next();
});

app.use((req, res, next) => {
  const id = req.get("x-request-id")?.slice(0, 64) || randomUUID();
  const started = process.hrtime.bigint();
  res.setHeader("X-Request-Id", id);
  res.on("finish", () => {
    logger.info({
      reqId: id,
      method: req.method,
      url: req.originalUrl,
      status: res.statusCode,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
    });
  });
  next();
});

app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (getEnv().PUBLIC_URL.startsWith("https:")) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000");
  }
  next();
});

// Request bodies are bounded before anything reads them: forms and JSON are small; only
// multipart uploads (product images: 3 of at most 10 MB) may be large.
const MAX_FORM_BYTES = 256 * 1024;
const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;
app.use((req, res, next) => {
  const length = Number(req.get("content-length") ?? 0);
  const multipart = Boolean(req.is("multipart/form-data"));
  if (length > (multipart ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES)) {
    res.status(413);
    // A form posted without JavaScript lands here as a page: say why and lead back to it.
    if (req.accepts(["text/plain", "text/html"]) === "text/html") {
      res.type("html").send(tooLargePage(multipart, sameSiteReferer(req)));
    } else {
      res.type("text/plain").send("This request is too large.");
    }
    return;
  }
  next();
});

/** The page a form came from, when it is this shop's own (a path, safe to link back to). */
function sameSiteReferer(req: express.Request): string {
  try {
    const from = new URL(req.get("referer") ?? "");
    return from.host === req.get("host") ? from.pathname + from.search : "/";
  } catch {
    return "/";
  }
}

function tooLargePage(photos: boolean, back: string) {
  const advice = photos
    ? "The photos chosen are too large together. Choose at most 3 photos, each 10 MB or smaller, and try again."
    : "The form sent was too large. Please shorten what you typed and try again.";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too large to send</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fffaf3;margin:0}main{max-width:32rem;margin:4rem auto;padding:0 1.25rem}a{color:#9a3412;font-weight:600}</style>
</head><body><main><h1>Too large to send</h1><p>${advice}</p><p><a href="${escapeHtml(back)}">Go back</a></p></main></body></html>`;
}

// Demo mode: the Pesapal sandbox emulator answers inside the shop. It speaks Pesapal's API to
// the shop's own client over HTTP, so it sits before the browser-only CSRF check.
let emulator: ReturnType<typeof createPesapalEmulator> | undefined;
app.use(SANDBOX_PATH, (req, res, next) => {
  const env = getEnv();
  if (!env.DEMO_PAYMENTS) return next();
  emulator ??= createPesapalEmulator({
    publicBaseUrl: `${env.PUBLIC_URL}${SANDBOX_PATH}`,
    consumerKey: SANDBOX_KEY,
    consumerSecret: SANDBOX_SECRET,
    onIpnError: (error) => logger.warn({ err: error }, "sandbox IPN delivery failed"),
  });
  emulator(req, res, next);
});

app.use((req, res, next) => {
  const allowedOrigins = [getEnv().PUBLIC_URL];
  const host = req.get("host");
  if (host) allowedOrigins.push(`${req.protocol}://${host}`);
  const refused = isCrossSiteRequest({
    method: req.method,
    path: req.path,
    origin: req.get("origin"),
    referer: req.get("referer"),
    allowedOrigins,
  });
  if (refused) {
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
    return;
  }
  next();
});

app.all(
  "/{*splat}",
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
