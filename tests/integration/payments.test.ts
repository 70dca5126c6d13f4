import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, setDatabase } from "~/db/client.server";
import { orderEvents, orders, products } from "~/db/schema";
import { CheckoutError, PRICES_CHANGED, placeOrder } from "~/modules/checkout/checkout.server";
import { reconcilePendingOrders } from "~/modules/orders/reconcile.server";
import { settleOrder } from "~/modules/orders/settlement.server";
import { setPaymentProvider } from "~/modules/payments/payments.server";
import { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { createPesapalEmulator } from "~/modules/payments/sandbox/emulator.server";
import { action as apiCheckout } from "~/routes/resources/api-checkout";
import { loader as ipnGet, action as ipnPost } from "~/routes/resources/pesapal-ipn";
import { databases } from "../setup/databases";

const form = {
  name: "Akinyi Otieno",
  phone: "0712345678",
  email: "akinyi@example.co.ke",
  deliveryMethod: "rider",
  address: "Kilimani, Nairobi",
  city: "Nairobi",
  notes: "",
};
const dress = { productId: "9001", size: "M", quantity: 2 };
const bag = { productId: "9002", size: "", quantity: 1 };
// 2 x 2500 + 600 + rider 300
const TOTAL = 5900;

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("timed out waiting");
};

describe.each(databases)("payments through Pesapal's API, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  let base = "";
  let client: PesapalClient;

  const control = async (
    trackingId: string,
    action: string,
    body: Record<string, unknown> = {},
  ) => {
    const response = await fetch(`${base}/pesapal/control/orders/${trackingId}/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  const orderOf = async (id: string) =>
    (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const eventsOf = async (id: string) =>
    (
      await handle.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, id))
        .orderBy(orderEvents.id)
    ).map((e) => e.kind);
  const checkout = (
    overrides: Partial<Parameters<typeof placeOrder>[2]> = {},
    provider: Parameters<typeof placeOrder>[1] = client,
  ) =>
    placeOrder(handle.db, provider, {
      form,
      items: [dress, bag],
      clientTotal: TOTAL,
      cartId: null,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      ...overrides,
    });
  const trackingOf = async (orderId: string) => (await orderOf(orderId)).pesapalTrackingId!;
  const makeClient = (ipnNotificationType: "GET" | "POST" = "GET") =>
    new PesapalClient({
      baseUrl: `${base}/pesapal`,
      consumerKey: "k",
      consumerSecret: "s",
      ipnUrl: `${base}/ipn`,
      ipnNotificationType,
      ipnStore: { get: async () => null, set: async () => {} },
    });

  beforeAll(async () => {
    handle = await database.open();
    setDatabase(handle);
    await handle.db.insert(products).values([
      {
        id: "9001",
        name: "Zuri Kitenge Wrap Dress",
        description: "d",
        category: "dresses",
        price: 2500,
        sizes: ["S", "M"],
      },
      {
        id: "9002",
        name: "Kito Ankara Tote Bag",
        description: "d",
        category: "accessories",
        price: 600,
      },
      {
        id: "9003",
        name: "Hidden Kimono",
        description: "d",
        category: "kimonos",
        price: 3000,
        inStock: false,
      },
    ]);
    // One HTTP server: the emulator, and our IPN route as Pesapal calls it (GET or POST).
    const app = express();
    app.all("/ipn", express.text({ type: "*/*" }), async (req, res) => {
      const url = `http://localhost${req.originalUrl}`;
      const request = new Request(url, {
        method: req.method,
        body: req.method === "POST" ? req.body : undefined,
      });
      const response =
        req.method === "POST"
          ? await ipnPost({ request } as Parameters<typeof ipnPost>[0])
          : await ipnGet({ request } as Parameters<typeof ipnGet>[0]);
      res
        .status(response.status)
        .type("json")
        .send(await response.text());
    });
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app.use(
      "/pesapal",
      createPesapalEmulator({
        publicBaseUrl: `${base}/pesapal`,
        consumerKey: "k",
        consumerSecret: "s",
      }),
    );
    client = makeClient();
    setPaymentProvider(client);
  });

  afterAll(async () => {
    setPaymentProvider(undefined);
    setDatabase(undefined);
    server?.close();
    await handle?.dispose();
  });

  test("an M-Pesa payment completes the order, with its method and confirmation code", async () => {
    const { orderId, redirectUrl } = await checkout();
    expect(redirectUrl).toMatch(new RegExp(`^${base}/pesapal/pay/`));
    const placed = await orderOf(orderId);
    expect(placed).toMatchObject({
      status: "Pending",
      amount: TOTAL,
      currency: "KES",
      deliveryFee: 300,
      customerPhone: "254712345678",
    });
    expect(placed.items).toEqual([
      { productId: "9001", name: "Zuri Kitenge Wrap Dress", quantity: 2, price: 2500, size: "M" },
      { productId: "9002", name: "Kito Ankara Tote Bag", quantity: 1, price: 600 },
    ]);
    await control(placed.pesapalTrackingId!, "complete", { method: "mpesa" });
    await until(async () => (await orderOf(orderId)).status === "Completed");
    const paid = await orderOf(orderId);
    expect(paid.paymentMethod).toBe("MpesaKE");
    expect(paid.confirmationCode).toMatch(/^S[0-9A-F]{9}$/);
    expect(await eventsOf(orderId)).toEqual(["created", "payment_requested", "payment_completed"]);
  });

  test("a card payment by IPN POST completes too; a failed one fails", async () => {
    const card = makeClient("POST");
    setPaymentProvider(card);
    const paid = await checkout({ items: [bag], clientTotal: 900 }, card);
    await control(await trackingOf(paid.orderId), "complete", { method: "visa" });
    await until(async () => (await orderOf(paid.orderId)).status === "Completed");
    expect((await orderOf(paid.orderId)).paymentMethod).toBe("Visa");

    const failed = await checkout({ items: [bag], clientTotal: 900 }, card);
    await control(await trackingOf(failed.orderId), "fail", { method: "mastercard" });
    await until(async () => (await orderOf(failed.orderId)).status === "Failed");
    expect(await eventsOf(failed.orderId)).toEqual([
      "created",
      "payment_requested",
      "payment_failed",
    ]);
    setPaymentProvider(client);
  });

  test("pending stays pending until Pesapal says it is paid", async () => {
    const { orderId } = await checkout();
    const tracking = await trackingOf(orderId);
    expect(await settleOrder(handle.db, client, tracking, "callback")).toMatchObject({
      status: "Pending",
    });
    expect(await eventsOf(orderId)).toEqual(["created", "payment_requested"]);
    await control(tracking, "complete", { sendIpn: false });
    expect(await settleOrder(handle.db, client, tracking, "callback")).toMatchObject({
      status: "Completed",
    });
  });

  test("an IPN replayed 5 times, concurrently, gives one status change and one event", async () => {
    const { orderId } = await checkout();
    const tracking = await trackingOf(orderId);
    await control(tracking, "complete", { sendIpn: false });
    await control(tracking, "ipn", { times: 5 });
    // Late and out of order: a callback and more IPNs after it.
    await Promise.all([
      settleOrder(handle.db, client, tracking, "callback"),
      control(tracking, "ipn", { times: 3 }),
    ]);
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect(await eventsOf(orderId)).toEqual(["created", "payment_requested", "payment_completed"]);
  });

  test("a status whose amount differs from the order never completes it", async () => {
    const { orderId } = await checkout();
    const tracking = await trackingOf(orderId);
    await control(tracking, "complete", { reportedAmount: 1 });
    await until(async () => (await eventsOf(orderId)).includes("payment_mismatch"));
    expect((await orderOf(orderId)).status).toBe("Pending");
    expect((await orderOf(orderId)).confirmationCode).toBeNull();
  });

  test("prices come from the database; a different total is refused and nothing is created", async () => {
    const before = (await handle.db.select({ id: orders.id }).from(orders)).length;
    await expect(checkout({ clientTotal: 100 })).rejects.toMatchObject({
      status: 409,
      message: PRICES_CHANGED,
    });
    await expect(
      checkout({ items: [{ productId: "9003", size: "", quantity: 1 }] }),
    ).rejects.toThrow(/no longer available/);
    await expect(
      checkout({ items: [{ productId: "9001", size: "XXL", quantity: 1 }] }),
    ).rejects.toThrow(/valid size/);
    await expect(checkout({ items: [] })).rejects.toThrow(/empty/);
    await expect(checkout({ form: { ...form, phone: "0812345678" } })).rejects.toThrow(
      CheckoutError,
    );
    expect((await handle.db.select({ id: orders.id }).from(orders)).length).toBe(before);

    // The JSON API ignores the names and prices the browser sends.
    const request = (body: unknown) =>
      apiCheckout({
        request: new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
      } as Parameters<typeof apiCheckout>[0]);
    const tampered = await request({
      data: {
        items: [{ id: "9001", name: "x", price: 1, quantity: 2, size: "M" }],
        checkoutData: form,
        total: 2 + 300,
      },
    });
    expect(tampered.status).toBe(409);
    expect(await tampered.json()).toEqual({
      error: { status: "ABORTED", message: PRICES_CHANGED },
    });
    const honest = await request({
      data: {
        items: [{ id: "9001", name: "x", price: 1, quantity: 2, size: "M" }],
        checkoutData: form,
        total: 5300,
      },
    });
    expect(honest.status).toBe(200);
    expect((await honest.json()).data.redirectUrl).toMatch(/\/pesapal\/pay\//);
  });

  test("bad requests to /api/checkout and the IPN get 4xx with a message, never 5xx", async () => {
    const post = (body: string, type = "application/json") =>
      apiCheckout({
        request: new Request("http://localhost/api/checkout", {
          method: "POST",
          headers: { "Content-Type": type },
          body,
        }),
      } as Parameters<typeof apiCheckout>[0]);
    const cases = [
      await post("{not json"),
      await post("null"),
      await post(JSON.stringify({ data: { items: "all", checkoutData: {}, total: "x" } })),
      await post(
        JSON.stringify({
          data: { items: [{ id: "9001", quantity: 1e9 }], checkoutData: form, total: 1 },
        }),
      ),
      await post(
        JSON.stringify({
          data: { items: [{ id: { $ne: 1 }, quantity: 1 }], checkoutData: form, total: 1 },
        }),
      ),
      await post(
        JSON.stringify({
          __proto__: { polluted: true },
          data: { items: [], checkoutData: form, total: 0 },
        }),
      ),
      await post("x".repeat(40_000)),
      await post("name=x", "application/x-www-form-urlencoded"),
    ];
    for (const response of cases) {
      expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await response.json()).error.message).toEqual(expect.any(String));
    }
    const ipn = await ipnPost({
      request: new Request("http://localhost/api/pesapal/ipn", { method: "POST", body: "{bad" }),
    } as Parameters<typeof ipnPost>[0]);
    expect(ipn.status).toBe(400);
    const huge = await ipnPost({
      request: new Request("http://localhost/api/pesapal/ipn", {
        method: "POST",
        body: "x".repeat(20_000),
      }),
    } as Parameters<typeof ipnPost>[0]);
    expect(huge.status).toBe(413);
    const unknown = await ipnGet({
      request: new Request(
        "http://localhost/api/pesapal/ipn?OrderTrackingId=nope&OrderNotificationType=IPNCHANGE",
      ),
    } as Parameters<typeof ipnGet>[0]);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: "nope",
      orderMerchantReference: "",
      status: 200,
    });
  });

  test("200 concurrent checkouts give 200 distinct orders, none lost", async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => checkout()));
    const ids = new Set(results.map((r) => r.orderId));
    expect(ids.size).toBe(200);
    const stored = await handle.db
      .select({ id: orders.id, tracking: orders.pesapalTrackingId })
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((s) => s.tracking)).size).toBe(200);
  });

  test("the reconciliation settles orders left pending once they are due", async () => {
    const { orderId } = await checkout();
    const tracking = await trackingOf(orderId);
    await control(tracking, "complete", { sendIpn: false });
    // Not due yet: placed just now.
    expect(await reconcilePendingOrders(handle.db, client)).toBe(0);
    // Every other Pending order is not due; this one is 6 minutes old and due now.
    await handle.db
      .update(orders)
      .set({ nextCheckAt: new Date(Date.now() + 3600_000) })
      .where(eq(orders.status, "Pending"));
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000), nextCheckAt: null })
      .where(eq(orders.id, orderId));
    expect(await reconcilePendingOrders(handle.db, client)).toBe(1);
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect((await orderOf(orderId)).reconcileAttempts).toBe(1);
  });

  test("an order whose payment was never requested is failed after 10 minutes", async () => {
    // What a crash between creating the order and asking Pesapal leaves: the order and its event.
    const never: typeof client = {
      submitOrder: () => new Promise(() => {}),
      getStatus: client.getStatus.bind(client),
    } as unknown as typeof client;
    void checkout({ items: [bag], clientTotal: 900 }, never);
    let orderId = "";
    await until(async () => {
      const rows = await handle.db
        .select({ id: orders.id, tracking: orders.pesapalTrackingId })
        .from(orders)
        .where(eq(orders.amount, 900));
      orderId = rows.find((r) => r.tracking === null)?.id ?? "";
      return Boolean(orderId);
    });
    expect(await eventsOf(orderId)).toEqual(["created"]);
    await reconcilePendingOrders(handle.db, client);
    expect((await orderOf(orderId)).status).toBe("Pending");
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(orders.id, orderId));
    await reconcilePendingOrders(handle.db, client);
    expect((await orderOf(orderId)).status).toBe("Failed");
    expect(await eventsOf(orderId)).toEqual(["created", "payment_never_requested"]);
  });
});
