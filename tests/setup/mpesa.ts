import express from "express";
import { DarajaClient } from "~/modules/payments/mpesa-express/client.server";
import {
  createDarajaEmulator,
  SANDBOX_CREDENTIALS,
} from "~/modules/payments/mpesa-express/emulator.server";
import { MpesaExpressProvider } from "~/modules/payments/mpesa-express/provider.server";
import { action as notify } from "~/routes/resources/payment-notification";
import type { Services } from "~/services.server";
import { listenLocally } from "./listen";
import { routeArgs } from "./services";

/**
 * M-Pesa Express for an integration test: the Daraja emulator on an HTTP server of its own, under
 * /daraja, the shop's real client and provider talking to it over HTTP, and the shop's callback
 * route on the same server, where the emulator posts each prompt's result. `shops` are the shop
 * processes answering callbacks, taken in turn (two on PostgreSQL test several processes).
 */
export async function startDaraja(options: { promptTimeoutMs?: number } = {}) {
  const shops: Services[] = [];
  let turn = 0;
  const app = express();
  app.post(
    "/api/mpesa-express/callback/:token",
    express.text({ type: "*/*" }),
    async (req, res) => {
      const services = shops[turn++ % Math.max(shops.length, 1)];
      if (!services) return void res.status(503).end();
      const request = new Request(`http://localhost${req.originalUrl}`, {
        method: "POST",
        body: typeof req.body === "string" ? req.body : "",
      });
      const response = await notify(routeArgs<never>(services, request));
      res
        .status(response.status)
        .type("json")
        .send(await response.text());
    },
  );
  const { base, server } = await listenLocally(app);
  const emulator = createDarajaEmulator({
    consumerKey: "k",
    consumerSecret: "s",
    promptTimeoutMs: options.promptTimeoutMs ?? 60_000,
  });
  app.use("/daraja", emulator.router);
  const provider = () =>
    new MpesaExpressProvider({
      client: new DarajaClient({
        baseUrl: `${base}/daraja`,
        consumerKey: "k",
        consumerSecret: "s",
        ...SANDBOX_CREDENTIALS,
        type: "paybill",
      }),
      publicUrl: base,
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { base, emulator, provider, shops, close };
}
