import type { AddressInfo } from "node:net";
import express from "express";
import { createServer as createViteServer } from "vite";
import type { Services } from "~/services.server";

type ShopModule = { createApp(services: Services): express.Router };

/**
 * The whole shop (its Express pipeline and React Router) served in this process on a free port,
 * for tests that speak HTTP. It serves with the services the test hands to `serve()` (its own
 * database, auth, media storage, payment providers), as the server does with the ones it built
 * at boot; configuration comes from process.env, so set it before calling. The app is compiled by
 * Vite on demand, as `npm run dev` does.
 */
export async function startShop(env: Record<string, string> = {}) {
  const server = express();
  server.disable("x-powered-by");
  const listener = server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listener.once("listening", resolve));
  const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  Object.assign(process.env, { PUBLIC_URL: origin, ...env });

  const vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: "custom",
    logLevel: "error",
  });
  const shop = (await vite.ssrLoadModule("./server/app.ts")) as ShopModule;
  let app: express.Router | undefined;
  server.use((req, res, next) => {
    if (!app) return next(new Error("Call serve(services) before sending requests."));
    app(req, res, next);
  });
  return {
    origin,
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
