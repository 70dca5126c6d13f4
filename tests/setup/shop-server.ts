import type { AddressInfo } from "node:net";
import express from "express";
import { createServer as createViteServer } from "vite";

/**
 * The whole shop (its Express pipeline and React Router) served in this process on a free port,
 * for tests that speak HTTP. It uses whatever database, auth and media storage the test installed
 * (they live on globalThis, shared with the app's modules); configuration comes from process.env,
 * so set it before calling. The app is compiled by Vite on demand, as `npm run dev` does.
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
  const shop = (await vite.ssrLoadModule("./server/app.ts")) as { app: express.Router };
  server.use(shop.app);
  return {
    origin,
    /** Loads one of the app's modules as the server sees it (the same instance). */
    load: <T>(id: string) => vite.ssrLoadModule(id) as Promise<T>,
    async close() {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
      await vite.close();
    },
  };
}
