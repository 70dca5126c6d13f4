import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { expect } from "vitest";
import { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { createPesapalEmulator } from "~/modules/payments/sandbox/emulator.server";

type ClientOptions = ConstructorParameters<typeof PesapalClient>[0];

/**
 * Pesapal for an integration test: the emulator on an HTTP server of its own, under /pesapal, and
 * the shop's real client talking to it over HTTP. `mount` adds the test's own routes first (the
 * shop's IPN route at /ipn, as Pesapal calls it).
 */
export async function startPesapal(mount?: (app: express.Express) => void) {
  const app = express();
  mount?.(app);
  const server = app.listen(0, "127.0.0.1");
  // Longer than the client's idle sockets live: a burst of checkouts must never reuse a socket
  // the emulator is closing at that instant (a read ECONNRESET that Pesapal itself never sends).
  server.keepAliveTimeout = 30_000;
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
