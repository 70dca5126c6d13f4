import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { isCrossSiteRequest } from "~/utils/csrf";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

export { boot, shutdown } from "~/boot.server";
export { StartupError } from "~/utils/startup-error";

/** The shop's HTTP pipeline: request log, security headers, CSRF check, then React Router. */
export const app = express.Router();

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
