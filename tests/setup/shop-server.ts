import type { AddressInfo } from "node:net";
import express from "express";
import { createServer as createViteServer } from "vite";
import type { Services } from "~/services.server";
import type { Settings } from "~/settings.server";
import { testSettings } from "./services";

type ShopModule = { createApp(services: Services): express.Router };

/**
 * The whole shop (its Express pipeline and React Router) served in this process on a free port,
 * for tests that speak HTTP. It serves with the services the test hands to `serve()` (its own
 * settings, database, auth, media storage, payment providers), as the server does with the ones
 * it built at boot; `settings()` gives settings for this address. The app is compiled by Vite on
 * demand, as `npm run dev` does; its log stays quiet.
 */
export async function startShop() {
  const server = express();
  server.disable("x-powered-by");
  const listener = server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listener.once("listening", resolve));
  const port = (listener.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const shop = (await vite.ssrLoadModule("./server/app.ts")) as ShopModule;
  const { logger } = (await vite.ssrLoadModule(
    "~/utils/logger.server",
  )) as typeof import("~/utils/logger.server");
  logger.level = "silent";
  let app: express.Router | undefined;
  server.use((req, res, next) => {
    if (!app) return next(new Error("Call serve(services) before sending requests."));
    app(req, res, next);
  });
  return {
    origin,
    /** Settings for a shop served here: the test's own on top of this address. */
    settings: (given: Record<string, string> = {}): Settings =>
      testSettings({ PUBLIC_URL: origin, PORT: String(port), ...given }),
    /** From now on, answers requests with these services. */
    serve(services: Services) {
      app = shop.createApp(services);
    },
    /** Another app of the same compiled shop, with its own services, to mount elsewhere. */
    createApp: (services: Services) => shop.createApp(services),
    /** Loads one of the app's modules as the server sees it (the same instance). */
    load: <T>(id: string) => vite.ssrLoadModule(id) as Promise<T>,
    async close() {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
      await vite.close();
    },
  };
}
