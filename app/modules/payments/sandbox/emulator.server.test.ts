import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { createPesapalEmulator, type EmulatorOptions } from "./emulator.server";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** The emulator under /pesapal on an HTTP server, spoken to over HTTP as the shop's client does. */
async function start(options: Partial<EmulatorOptions> = {}) {
  const app = express();
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pesapal`;
  const emulator = createPesapalEmulator({
    publicBaseUrl: base,
    consumerKey: "k",
    consumerSecret: "s",
    ...options,
  });
  app.use("/pesapal", emulator.router);
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const call = async (path: string, init: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: init.body === undefined ? "GET" : "POST",
      headers: {
        "Content-Type": "application/json",
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const token = async () =>
    String(
      (await call("/api/Auth/RequestToken", { body: { consumer_key: "k", consumer_secret: "s" } }))
        .json.token,
    );
  return { emulator, call, token };
}

describe("the Pesapal emulator's memory", () => {
  test("keeps at most maxOrders orders, forgetting the oldest, and none older than a day", async () => {
    let clock = Date.now();
    const { emulator, call, token } = await start({ maxOrders: 3, now: () => clock });
    let bearer = await token();
    const ipn = await call("/api/URLSetup/RegisterIPN", {
      token: bearer,
      body: { url: "http://127.0.0.1:9/ipn", ipn_notification_type: "GET" },
    });
    const submit = async (id: string) =>
      String(
        (
          await call("/api/Transactions/SubmitOrderRequest", {
            token: bearer,
            body: {
              id,
              currency: "KES",
              amount: 1300,
              description: "Order",
              callback_url: "http://127.0.0.1:9/back",
              notification_id: ipn.json.ipn_id,
              billing_address: { phone_number: "0712345678" },
            },
          })
        ).json.order_tracking_id,
      );
    const status = async (trackingId: string) =>
      (
        await call(`/api/Transactions/GetTransactionStatus?orderTrackingId=${trackingId}`, {
          token: bearer,
        })
      ).status;

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await submit(`AMN-${i}`));
    expect(emulator.held().orders).toBe(3);
    expect(await status(ids[0]!)).toBe(404);
    expect(await status(ids[1]!)).toBe(404);
    // Still known: answered (as pending), not 404.
    expect(await status(ids[4]!)).toBe(200);

    // A day later the next order finds the old ones gone, though under the cap.
    clock += 24 * 60 * 60 * 1000 + 1;
    bearer = await token();
    const fresh = await submit("AMN-later");
    expect(emulator.held().orders).toBe(1);
    expect(await status(ids[4]!)).toBe(404);
    expect(await status(fresh)).toBe(200);
  });

  test("forgets expired tokens, and a token past its five minutes is refused", async () => {
    let clock = Date.now();
    const { emulator, call, token } = await start({ now: () => clock });
    const first = await token();
    await token();
    expect(emulator.held().tokens).toBe(2);
    clock += 5 * 60_000 + 1;
    const later = await token();
    expect(emulator.held().tokens).toBe(1);
    expect((await call("/api/URLSetup/GetIpnList", { token: first })).status).toBe(401);
    expect((await call("/api/URLSetup/GetIpnList", { token: later })).status).toBe(200);
  });

  test("keeps at most 100 IPN registrations", async () => {
    const { emulator, call, token } = await start();
    const bearer = await token();
    for (let i = 0; i < 105; i++) {
      await call("/api/URLSetup/RegisterIPN", {
        token: bearer,
        body: { url: `http://127.0.0.1:9/ipn/${i}`, ipn_notification_type: "POST" },
      });
    }
    expect(emulator.held().ipns).toBe(100);
  });
});
