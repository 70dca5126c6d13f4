// The shop's process: serves the built app (or the Vite dev server with `npm run dev`), after
// booting it (configuration, database, migrations, first-run seed). Run through npm scripts so
// Node 24 from node_modules is used.
import compression from "compression";
import express from "express";

const DEV = process.env.NODE_ENV === "development";

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", process.env.TRUST_PROXY === "true");
server.use(compression());

let shop;
if (DEV) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(devServer.middlewares);
  shop = await devServer.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const fresh = await devServer.ssrLoadModule("./server/app.ts");
      fresh.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error) devServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Fingerprinted assets never change: cache them for a year.
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  server.use(express.static("build/client", { maxAge: "1h" }));
  shop = await import("./build/server/index.js");
  server.use(shop.app);
}

let env;
try {
  env = await shop.boot();
} catch (error) {
  if (error instanceof shop.StartupError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const listener = server.listen(env.PORT, env.HOST, () => {
  console.log(
    `${env.SHOP_NAME} is open on ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT})`,
  );
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  listener.close();
  listener.closeIdleConnections?.();
  await shop.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
