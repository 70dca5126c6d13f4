// The shop's process: serves the built app (or the Vite dev server with `npm run dev`), after
// booting it (configuration, database, migrations, first-run seed). Run through npm scripts so
// Node 24 from node_modules is used.
import compression from "compression";
import express from "express";
import staticPrecompressed from "express-static-gzip";

const DEV = process.env.NODE_ENV === "development";

const server = express();
server.disable("x-powered-by");
server.use(compression());

// Requests being answered, so a stop can let them finish (see stop() below).
const inFlight = new Set();
let stopping = false;
server.use((_req, res, next) => {
  // While stopping, each answer closes its connection: no new request arrives on it.
  if (stopping) res.setHeader("Connection", "close");
  inFlight.add(res);
  res.on("close", () => inFlight.delete(res));
  next();
});

let shop;
let devServer;
if (DEV) {
  const vite = await import("vite");
  devServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(devServer.middlewares);
  shop = await devServer.ssrLoadModule("./server/app.ts");
} else {
  // The build's Brotli or gzip copy of a file (scripts/compress-assets.js), as the browser
  // accepts; compression() leaves an answer that is already encoded alone. Fingerprinted assets
  // never change: cache them for a year.
  const files = (root, serveStatic) =>
    staticPrecompressed(root, { enableBrotli: true, orderPreference: ["br", "gzip"], serveStatic });
  server.use("/assets", files("build/client/assets", { immutable: true, maxAge: "1y" }));
  server.use(files("build/client", { maxAge: "1h" }));
  shop = await import("./build/server/index.js");
}

// The configuration, and the services (database, media storage, auth, payments) made once for
// this process and handed to every request.
let env;
let services;
let firstOwnerNotice;
try {
  ({ env, services, firstOwnerNotice } = await shop.boot());
} catch (error) {
  if (error instanceof shop.StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (DEV) {
  // The app as last compiled: an edit makes a new module, and with it a new app on the same
  // services.
  const apps = new WeakMap();
  server.use(async (req, res, next) => {
    try {
      const fresh = await devServer.ssrLoadModule("./server/app.ts");
      if (!apps.has(fresh)) apps.set(fresh, fresh.createApp(services));
      apps.get(fresh)(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  server.use(shop.createApp(services));
}

// Which proxies may name the client's address (X-Forwarded-For): a number of hops or their
// addresses, validated with the rest of the configuration; never everyone.
server.set("trust proxy", env.TRUST_PROXY);

const listener = server.listen(env.PORT, env.HOST, () => {
  console.log(
    `${env.SHOP_NAME} is open on ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT})`,
  );
  // A new shop has no owner: the one-time link that creates the owner's account.
  if (firstOwnerNotice) console.log(firstOwnerNotice);
});

// A stop (SIGTERM from Docker, systemd or an orchestrator; Ctrl-C) takes at most 10 seconds,
// Docker's default before it kills: new connections are refused at once; requests in flight and
// running jobs get 8 seconds to finish; then the database is closed.
const DRAIN_MS = 8_000;
const STOP_MS = 10_000;

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing (${inFlight.size} requests in flight)`);
  const force = setTimeout(() => {
    console.error(`Still stopping after ${STOP_MS / 1000} s: exiting anyway.`);
    process.exit(1);
  }, STOP_MS);
  force.unref();

  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  const requestsFinished = new Promise((resolve) => listener.close(() => resolve()));
  // Keep-alive connections are closed as soon as they fall idle; whatever is left at the
  // deadline is cut.
  const sweep = setInterval(() => listener.closeIdleConnections(), 100);
  const cut = setTimeout(() => listener.closeAllConnections(), DRAIN_MS);
  listener.closeIdleConnections();
  try {
    await shop.shutdown({
      requestsFinished: requestsFinished.finally(() => {
        clearInterval(sweep);
        clearTimeout(cut);
      }),
      timeoutMs: DRAIN_MS,
    });
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
