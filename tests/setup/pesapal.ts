import express from "express";
import { expect } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { createPesapalEmulator } from "~/modules/payments/sandbox/emulator.server";
import { loader as ipnGet, action as ipnPost } from "~/routes/resources/payment-notification";
import type { Services } from "~/services.server";
import type { Settings } from "~/settings.server";
import { listenLocally } from "./listen";
import { routeArgs, testServices } from "./services";

type ClientOptions = ConstructorParameters<typeof PesapalClient>[0];

/**
 * Pesapal for an integration test: the emulator on an HTTP server of its own, under /pesapal, and
 * the shop's real client talking to it over HTTP. `mount` adds the test's own routes first (the
 * shop's IPN route at /ipn, as Pesapal calls it).
 */
export async function startPesapal(mount?: (app: express.Express) => void) {
  const app = express();
  mount?.(app);
  // Idle sockets outlive the client's: a burst of checkouts never reuses a socket the emulator is
  // closing at that instant (a read ECONNRESET that Pesapal itself never sends).
  const { base, server } = await listenLocally(app);
  app.use(
    "/pesapal",
    createPesapalEmulator({
      publicBaseUrl: `${base}/pesapal`,
      consumerKey: "k",
      consumerSecret: "s",
    }).router,
  );
  /** A client of this emulator (or, with another baseUrl, of a Pesapal that is not there). */
  const client = (options: Partial<ClientOptions> = {}) =>
    new PesapalClient({
      baseUrl: `${base}/pesapal`,
      consumerKey: "k",
      consumerSecret: "s",
      ipnUrl: `${base}/ipn`,
      ipnNotificationType: "GET",
      ipnStore: { get: async () => null, set: async () => {} },
      ...options,
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { base, client, close };
}

/** Drives a payment as a tester would, at the payment page the shopper was sent to. */
export async function payAt(
  redirectUrl: string,
  action: string,
  body: Record<string, unknown> = {},
) {
  const response = await fetch(`${redirectUrl}/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/**
 * A shop paying through Pesapal, for an integration test: the emulator on a server of its own,
 * the shop's IPN route at /ipn as Pesapal calls it (GET or POST, through the route's own loader
 * and action), and the shop's services on the test's database with the real client as their
 * payment provider. `services` may be given more (media, messages) and its own settings.
 */
export async function startPesapalShop(
  database: DatabaseHandle,
  options: {
    given?: Partial<Omit<Services, "database" | "db" | "settings" | "payments">>;
    settings?: Settings;
    client?: Partial<ClientOptions>;
  } = {},
) {
  let services: Services | undefined;
  const pesapal = await startPesapal((app) =>
    app.all("/ipn", express.text({ type: "*/*" }), async (req, res) => {
      if (!services) return void res.status(503).end();
      const request = new Request(
        `http://localhost${req.originalUrl.replace(/^\/ipn/, "/api/pesapal/ipn")}`,
        {
          method: req.method,
          body: req.method === "POST" ? req.body : undefined,
        },
      );
      const args = routeArgs<never>(services, request);
      const response = req.method === "POST" ? await ipnPost(args) : await ipnGet(args);
      res
        .status(response.status)
        .type("json")
        .send(await response.text());
    }),
  );
  const client = pesapal.client(options.client);
  services = await testServices(
    database,
    { payments: new PaymentProviders([client]), ...options.given },
    options.settings,
  );
  return { base: pesapal.base, close: pesapal.close, newClient: pesapal.client, client, services };
}
