import { randomUUID } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orderEvents, orders, products, throttleCounters } from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import { reconcilePendingOrders } from "~/flows/reconcile-payments.server";
import { settleOrder } from "~/flows/settle-payment.server";
import * as en from "~/i18n/en";
import { addToCart, cartCookie } from "~/modules/cart/cart.server";
import { CheckoutError } from "~/modules/checkout/pricing";
import { orderSections, parseOrdersQuery } from "~/modules/orders/admin-orders.server";
import { dashboardStats } from "~/modules/orders/dashboard.server";
import type { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { action as apiCheckout } from "~/routes/resources/api-checkout";
import { loader as ipnGet, action as ipnPost } from "~/routes/resources/payment-notification";
import { action as cartPageAction } from "~/routes/storefront/cart";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { orderOf as storedOrder, eventsOf as timelineOf } from "../setup/orders";
import { payAt, startPesapal } from "../setup/pesapal";
import { routeArgs, testServices, testShop } from "../setup/services";
import { until } from "../setup/until";

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
// 2 x 2500 + 600 + rider 300: these orders are placed without the free-delivery offer.
const TOTAL = 5900;

describe.each(databases)("payments through Pesapal's API, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;
  let base = "";
  let client: PesapalClient;
  const control = payAt;
  const orderOf = (id: string) => storedOrder(handle.db, id);
  const eventsOf = (id: string) => timelineOf(handle.db, id);
  const checkout = (
    overrides: Partial<Parameters<typeof placeOrder>[2]> = {},
    provider: PesapalClient = client,
    /** Another process's locks: the request of a process that died lets go of its order. */
    database: Parameters<typeof placeOrder>[0] = handle,
  ) =>
    placeOrder(database, new PaymentProviders([provider]), {
      form,
      items: [dress, bag],
      clientTotal: TOTAL,
      cartId: null,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
      ...overrides,
    });
  const trackingOf = async (orderId: string) => (await orderOf(orderId)).paymentReference!;
  /** Settles as the shopper's return would, with the client as the shop's only provider. */
  const settle = (reference: string, provider: PesapalClient = client) =>
    settleOrder(
      testShop(handle.db, new PaymentProviders([provider])),
      { provider: "pesapal", reference },
      "callback",
    );
  const reconcile = () =>
    reconcilePendingOrders(testShop(handle.db, new PaymentProviders([client])));
  const makeClient = (ipnNotificationType: "GET" | "POST" = "GET") =>
    pesapal.client({ ipnNotificationType });

  beforeAll(async () => {
    handle = await database.open();
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
    pesapal = await startPesapal((app) =>
      app.all("/ipn", express.text({ type: "*/*" }), async (req, res) => {
        const url = `http://localhost${req.originalUrl.replace(/^\/ipn/, "/api/pesapal/ipn")}`;
        const request = new Request(url, {
          method: req.method,
          body: req.method === "POST" ? req.body : undefined,
        });
        const response =
          req.method === "POST"
            ? await ipnPost(routeArgs(services, request))
            : await ipnGet(routeArgs(services, request));
        res
          .status(response.status)
          .type("json")
          .send(await response.text());
      }),
    );
    base = pesapal.base;
    client = makeClient();
    services = await testServices(handle, { payments: new PaymentProviders([client]) });
  });

  afterAll(async () => {
    await pesapal?.close();
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
    expect(placed.paymentProvider).toBe("pesapal");
    await control(redirectUrl, "complete", { method: "mpesa" });
    await until(async () => (await orderOf(orderId)).status === "Completed");
    const paid = await orderOf(orderId);
    expect(paid.paymentMethod).toBe("MpesaKE");
    expect(paid.confirmationCode).toMatch(/^S[0-9A-F]{9}$/);
    expect(await eventsOf(orderId)).toEqual([
      "created",
      "payment_requested",
      "payment_completed",
      "fulfilment_changed",
    ]);
  });

  test("a card payment by IPN POST completes too; a failed one fails", async () => {
    const card = makeClient("POST");
    const usual = services;
    services = { ...services, payments: new PaymentProviders([card]) };
    const paid = await checkout({ items: [bag], clientTotal: 900 }, card);
    await control(paid.redirectUrl, "complete", { method: "visa" });
    await until(async () => (await orderOf(paid.orderId)).status === "Completed");
    expect((await orderOf(paid.orderId)).paymentMethod).toBe("Visa");

    const failed = await checkout({ items: [bag], clientTotal: 900 }, card);
    await control(failed.redirectUrl, "fail", { method: "mastercard" });
    await until(async () => (await orderOf(failed.orderId)).status === "Failed");
    expect(await eventsOf(failed.orderId)).toEqual([
      "created",
      "payment_requested",
      "payment_failed",
    ]);
    services = usual;
  });

  test("pending stays pending until Pesapal says it is paid", async () => {
    const { orderId, redirectUrl } = await checkout();
    const tracking = await trackingOf(orderId);
    // Pesapal answers an unpaid order's status as an error ('Pending Payment'), as does the emulator.
    expect(await client.getStatus(tracking)).toMatchObject({ state: "PENDING" });
    expect(await settle(tracking)).toMatchObject({
      status: "Pending",
    });
    expect(await eventsOf(orderId)).toEqual(["created", "payment_requested"]);
    await control(redirectUrl, "complete", { sendIpn: false });
    expect(await settle(tracking)).toMatchObject({
      status: "Completed",
    });
  });

  test("an IPN replayed 5 times, concurrently, gives one status change and one event", async () => {
    const { orderId, redirectUrl } = await checkout();
    const tracking = await trackingOf(orderId);
    await control(redirectUrl, "complete", { sendIpn: false });
    await control(redirectUrl, "ipn", { times: 5 });
    // Late and out of order: a callback and more IPNs after it.
    await Promise.all([settle(tracking), control(redirectUrl, "ipn", { times: 3 })]);
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect(await eventsOf(orderId)).toEqual([
      "created",
      "payment_requested",
      "payment_completed",
      "fulfilment_changed",
    ]);
  });

  test("a payment Pesapal reverses after it completed fails the order for good, flagged", async () => {
    const { orderId, redirectUrl } = await checkout();
    const tracking = await trackingOf(orderId);
    await control(redirectUrl, "complete", { method: "mpesa" });
    await until(async () => (await orderOf(orderId)).status === "Completed");
    const revenue = (await dashboardStats(handle.db)).revenue;

    await control(redirectUrl, "reverse");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    const reversed = await orderOf(orderId);
    expect(reversed.paymentReversedAt).toBeInstanceOf(Date);
    expect(reversed.paymentStatus).toMatchObject({ state: "REVERSED", merchantReference: orderId });
    expect((await dashboardStats(handle.db)).revenue).toBe(revenue - TOTAL);
    const listed = await orderSections(
      handle.db,
      parseOrdersQuery(new URLSearchParams("status=Failed")),
    );
    expect(listed.failed.rows.find((r) => r.id === orderId)).toMatchObject({
      paymentReversed: true,
      confirmationCode: reversed.confirmationCode,
    });

    // Later notifications, even one whose status answer says paid again, change nothing.
    await control(redirectUrl, "ipn", { times: 3 });
    await control(redirectUrl, "complete", { method: "mpesa", sendIpn: false });
    await settle(tracking);
    const later = await orderOf(orderId);
    expect(later.status).toBe("Failed");
    expect(later.paymentReversedAt).toEqual(reversed.paymentReversedAt);
    expect(await eventsOf(orderId)).toEqual([
      "created",
      "payment_requested",
      "payment_completed",
      "fulfilment_changed",
      "payment_reversed",
    ]);
  });

  test("a status whose amount differs from the order never completes it", async () => {
    const { orderId, redirectUrl } = await checkout();
    await control(redirectUrl, "complete", { reportedAmount: 1 });
    await until(async () => (await eventsOf(orderId)).includes("payment_mismatch"));
    expect((await orderOf(orderId)).status).toBe("Pending");
    expect((await orderOf(orderId)).confirmationCode).toBeNull();
  });

  test("the emulator lists no orders, and pays only at the unguessable address the shopper was sent to", async () => {
    const { orderId, redirectUrl } = await checkout();
    const tracking = await trackingOf(orderId);
    // The address carries a token of at least 128 random bits after the tracking id.
    const token = redirectUrl.split(`/pay/${tracking}/`)[1] ?? "";
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);

    const listing = await fetch(`${base}/pesapal/control/orders`);
    expect(listing.status).toBe(404);
    expect(await listing.text()).not.toContain(form.email);
    const post = (url: string) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ method: "mpesa" }),
      });
    const guesses = [
      `${base}/pesapal/control/orders/${tracking}/complete`,
      `${base}/pesapal/pay/${tracking}/complete`,
      `${base}/pesapal/pay/${tracking}/${"A".repeat(token.length)}/complete`,
      `${base}/pesapal/pay/${tracking}/${token.slice(0, -1)}/complete`,
    ];
    for (const url of guesses) expect((await post(url)).status, url).toBe(404);
    expect((await fetch(`${base}/pesapal/pay/${tracking}`)).status).toBe(404);
    expect((await fetch(`${base}/pesapal/pay/${tracking}/${token.slice(1)}`)).status).toBe(404);
    expect((await client.getStatus(tracking)).state).toBe("PENDING");

    // The shopper's own address shows the payment page.
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Pay KES ${TOTAL.toLocaleString("en-KE")}`);
  });

  test("unknown emulator paths answer a JSON 404, as Pesapal's API does", async () => {
    for (const [method, path] of [
      ["GET", "/api/Transactions/Nothing"],
      ["POST", "/api/Transactions/Nothing"],
      ["GET", "/nowhere"],
      ["POST", "/control/orders/x/complete"],
    ] as const) {
      const response = await fetch(`${base}/pesapal${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({
        error: { code: "not_found", message: expect.any(String) },
        status: "404",
      });
    }
    const malformed = await fetch(`${base}/pesapal/api/Auth/RequestToken`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("invalid_request");
  });

  test("prices come from the database; a different total is refused and nothing is created", async () => {
    const before = (await handle.db.select({ id: orders.id }).from(orders)).length;
    await expect(checkout({ clientTotal: 100 })).rejects.toMatchObject({
      status: 409,
      message: en.pricesChanged,
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
      apiCheckout(
        routeArgs(
          services,
          new Request("http://localhost/api/checkout", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          }),
        ),
      );
    const tampered = await request({
      data: {
        items: [{ id: "9001", name: "x", price: 1, quantity: 2, size: "M" }],
        checkoutData: form,
        total: 2 + 300,
      },
    });
    expect(tampered.status).toBe(409);
    expect(await tampered.json()).toEqual({
      error: { status: "ABORTED", message: en.pricesChanged },
    });
    const honest = await request({
      data: {
        items: [{ id: "9001", name: "x", price: 1, quantity: 2, size: "M" }],
        checkoutData: form,
        // KSh 5,000 reaches the shop's free-delivery threshold: the rider costs nothing.
        total: 5000,
      },
    });
    expect(honest.status).toBe(200);
    expect((await honest.json()).data.redirectUrl).toMatch(/\/pesapal\/pay\//);
  });

  test("delivery is free from the threshold on: the order, its event and the payment page agree", async () => {
    // 5,600 is over 5,000: the rider's 300 falls away.
    const { orderId, redirectUrl } = await checkout({ freeDeliveryOver: 5000, clientTotal: 5600 });
    const placed = await orderOf(orderId);
    expect(placed).toMatchObject({ amount: 5600, deliveryFee: 0, deliveryMethod: "rider" });
    const [created] = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(orderEvents.id)
      .limit(1);
    expect(created!.details).toMatchObject({ amount: 5600, subtotal: 5600, deliveryFee: 0 });
    expect(await (await fetch(redirectUrl)).text()).toContain("Pay KES 5,600");
    // The total with the fee, as a browser unaware of the offer would send it, is refused.
    await expect(checkout({ freeDeliveryOver: 5000, clientTotal: 5900 })).rejects.toMatchObject({
      status: 409,
    });
    // Below the threshold (one bag, 600) the rider is paid for.
    const small = await checkout({ freeDeliveryOver: 5000, items: [bag], clientTotal: 900 });
    expect(await orderOf(small.orderId)).toMatchObject({ amount: 900, deliveryFee: 300 });
  });

  test("the same product and size on several lines counts as one line, capped as one", async () => {
    const request = (items: unknown[], total: number) =>
      apiCheckout(
        routeArgs(
          services,
          new Request("http://localhost/api/checkout", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ data: { items, checkoutData: form, total } }),
          }),
        ),
      );
    const before = (await handle.db.select({ id: orders.id }).from(orders)).length;

    // 3 x 99 of one dress in one size is 297, over the cap of 99: refused, nothing stored.
    const line = { id: "9001", quantity: 99, size: "M" };
    const tooMany = await request([line, line, line], 3 * 99 * 2500 + 300);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error.message).toBe(
      "Please choose between 1 and 99 of Zuri Kitenge Wrap Dress.",
    );
    // The cart page's checkout prices through the same rules.
    await expect(
      checkout({ items: [dress, { ...dress, quantity: 98 }], clientTotal: undefined }),
    ).rejects.toThrow("Please choose between 1 and 99 of Zuri Kitenge Wrap Dress.");
    expect((await handle.db.select({ id: orders.id }).from(orders)).length).toBe(before);

    // Within the cap, the order holds one line with the sum.
    const split = await request(
      [
        { id: "9001", quantity: 2, size: "M" },
        { id: "9002", quantity: 1 },
        { id: "9001", quantity: 3, size: "M" },
      ],
      // Over the free-delivery threshold: no rider fee.
      5 * 2500 + 600,
    );
    expect(split.status).toBe(200);
    const [order] = await handle.db.select().from(orders).orderBy(desc(orders.createdAt)).limit(1);
    expect(order!.items.map((i) => [i.productId, i.size ?? "", i.quantity])).toEqual([
      ["9001", "M", 5],
      ["9002", "", 1],
    ]);
  });

  test("bad requests to /api/checkout and the IPN get 4xx with a message, never 5xx", async () => {
    const post = (body: string, type = "application/json") =>
      apiCheckout(
        routeArgs(
          services,
          new Request("http://localhost/api/checkout", {
            method: "POST",
            headers: { "Content-Type": type },
            body,
          }),
        ),
      );
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
    const ipnUrl = "http://localhost/api/pesapal/ipn";
    const ipn = await ipnPost(
      routeArgs(services, new Request(ipnUrl, { method: "POST", body: "{bad" })),
    );
    expect(ipn.status).toBe(400);
    const huge = await ipnPost(
      routeArgs(services, new Request(ipnUrl, { method: "POST", body: "x".repeat(20_000) })),
    );
    expect(huge.status).toBe(413);
    const unknown = await ipnGet(
      routeArgs(
        services,
        new Request(`${ipnUrl}?OrderTrackingId=nope&OrderNotificationType=IPNCHANGE`),
      ),
    );
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      orderNotificationType: "IPNCHANGE",
      orderTrackingId: "nope",
      orderMerchantReference: "",
      status: 200,
    });
  });

  test("one address places at most 60 orders in 10 minutes, one phone number 5, by the JSON API and the cart page alike", async () => {
    await handle.db.delete(throttleCounters);
    const viaApi = (ip: string, phone: string) =>
      apiCheckout(
        routeArgs(
          services,
          new Request("http://localhost/api/checkout", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              data: {
                items: [{ id: "9002", quantity: 1 }],
                checkoutData: { ...form, phone },
                total: 900,
              },
            }),
          }),
          { clientAddress: ip },
        ),
      );
    const phoneOf = (i: number) => `07${String(20_000_000 + i)}`;
    const before = (await handle.db.select({ id: orders.id }).from(orders)).length;
    // Shoppers behind one address (a mobile network's), all at once: the count is taken before
    // each order, so none slips past the limit.
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) => viaApi("10.7.0.1", phoneOf(i))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array(60).fill(200),
      ...Array(4).fill(429),
    ]);
    expect(await answers.find((a) => a.status === 429)!.json()).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", message: en.tooManyCheckouts },
    });
    expect((await handle.db.select({ id: orders.id }).from(orders)).length).toBe(before + 60);

    // The cart page, posted without JavaScript, says the same next to the form.
    const { id: cartId } = await addToCart(handle.db, null, {
      productId: "9002",
      size: "",
      quantity: 1,
    });
    const cartPage = (await cartPageAction(
      routeArgs(
        services,
        new Request("http://localhost/cart", {
          method: "POST",
          headers: { Cookie: await cartCookie.serialize(cartId) },
          body: new URLSearchParams({ intent: "checkout", ...form }),
        }),
        { clientAddress: "10.7.0.1" },
      ),
    )) as {
      data: { error: { message: string } };
      init: { status: number };
    };
    expect(cartPage.init.status).toBe(429);
    expect(cartPage.data.error.message).toBe(en.tooManyCheckouts);

    // Another address is not held back, but one phone number places 5, whatever its address.
    const samePhone = [];
    for (let i = 0; i < 6; i++) samePhone.push(await viaApi(`10.7.1.${i}`, phoneOf(99)));
    expect(samePhone.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await samePhone[5]!.json()).toEqual({
      error: { status: "RESOURCE_EXHAUSTED", message: en.tooManyCheckoutsForShopper },
    });
  });

  test("200 concurrent checkouts give 200 distinct orders, none lost", async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => checkout()));
    const ids = new Set(results.map((r) => r.orderId));
    expect(ids.size).toBe(200);
    const stored = await handle.db
      .select({ id: orders.id, tracking: orders.paymentReference })
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((s) => s.tracking)).size).toBe(200);
  });

  test("the reconciliation settles orders left pending once they are due", async () => {
    const { orderId, redirectUrl } = await checkout();
    await control(redirectUrl, "complete", { sendIpn: false });
    // Not due yet: placed just now.
    expect(await reconcile()).toBe(0);
    // Every other Pending order is not due; this one is 6 minutes old and due now.
    await handle.db
      .update(orders)
      .set({ nextCheckAt: new Date(Date.now() + 3600_000) })
      .where(eq(orders.status, "Pending"));
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000), nextCheckAt: null })
      .where(eq(orders.id, orderId));
    expect(await reconcile()).toBe(1);
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect((await orderOf(orderId)).reconcileAttempts).toBe(1);
  });

  test("an order whose payment was never requested is failed after 10 minutes", async () => {
    // What a crash between creating the order and asking Pesapal leaves: the order and its event.
    const never: typeof client = {
      name: client.name,
      submitOrder: () => new Promise(() => {}),
      getStatus: client.getStatus.bind(client),
    } as unknown as typeof client;
    void checkout({ items: [bag], clientTotal: 900 }, never);
    let orderId = "";
    await until(async () => {
      const rows = await handle.db
        .select({ id: orders.id, tracking: orders.paymentReference })
        .from(orders)
        .where(eq(orders.amount, 900));
      orderId = rows.find((r) => r.tracking === null)?.id ?? "";
      return Boolean(orderId);
    });
    expect(await eventsOf(orderId)).toEqual(["created"]);
    await reconcile();
    expect((await orderOf(orderId)).status).toBe("Pending");
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    await handle.db
      .update(orders)
      .set({ createdAt: elevenMinutesAgo })
      .where(eq(orders.id, orderId));
    await reconcile();
    // Its payment request began just now: it may still be on its way.
    expect((await orderOf(orderId)).status).toBe("Pending");
    await handle.db
      .update(orders)
      .set({ paymentRequestedAt: elevenMinutesAgo })
      .where(eq(orders.id, orderId));
    await reconcile();
    expect((await orderOf(orderId)).status).toBe("Failed");
    expect(await eventsOf(orderId)).toEqual(["created", "payment_never_requested"]);
  });

  describe("the same checkout again", () => {
    const ordersOfCart = (cartId: string) =>
      handle.db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(orders.createdAt);

    test("twice, or five times at once, from one cart gives one order and one payment page", async () => {
      const cartId = randomUUID();
      // A double tap: five at once, before any of them has a payment page.
      const burst = await Promise.all(Array.from({ length: 5 }, () => checkout({ cartId })));
      const first = burst[0]!;
      for (const answer of burst) expect(answer).toEqual(first);
      // And again later, as after Back from the payment page.
      expect(await checkout({ cartId })).toEqual(first);
      const placed = await ordersOfCart(cartId);
      expect(placed).toHaveLength(1);
      expect(placed[0]!.paymentAttempts).toBe(1);
      expect(await eventsOf(first.orderId)).toEqual(["created", "payment_requested"]);
    });

    test("a changed detail, another cart, or no cart at all places another order", async () => {
      const cartId = randomUUID();
      const first = await checkout({ cartId });
      const otherPhone = await checkout({ cartId, form: { ...form, phone: "0722000111" } });
      const otherCart = await checkout({ cartId: randomUUID() });
      const noCart = [await checkout(), await checkout()];
      const ids = [first, otherPhone, otherCart, ...noCart].map((a) => a.orderId);
      expect(new Set(ids).size).toBe(5);
    });

    test("after Pesapal could not be reached, it resumes the Failed order with a new merchant reference, and that payment completes it", async () => {
      const cartId = randomUUID();
      const unreachable = pesapal.client({ baseUrl: "http://127.0.0.1:9/pesapal" });
      await expect(checkout({ cartId }, unreachable)).rejects.toThrow(CheckoutError);
      const [failed] = await ordersOfCart(cartId);
      expect(failed!.status).toBe("Failed");

      const resumed = await checkout({ cartId });
      expect(resumed.orderId).toBe(failed!.id);
      expect(await ordersOfCart(cartId)).toHaveLength(1);
      const order = await orderOf(resumed.orderId);
      expect(order.status).toBe("Pending");
      expect(order.paymentAttempts).toBe(2);
      expect(await eventsOf(resumed.orderId)).toEqual([
        "created",
        "payment_request_failed",
        "checkout_resumed",
        "payment_requested",
      ]);

      await control(resumed.redirectUrl, "complete", { sendIpn: false });
      await settle(order.paymentReference!);
      const paid = await orderOf(resumed.orderId);
      expect(paid.status).toBe("Completed");
      expect(paid.paymentStatus?.merchantReference).toBe(`${resumed.orderId}-2`);

      // Paid: the same checkout from that cart is a new order now.
      const next = await checkout({ cartId });
      expect(next.orderId).not.toBe(resumed.orderId);
    });

    test("after the server stopped half-way, a retry resumes the order left without a payment page", async () => {
      const cartId = randomUUID();
      // What a crash while asking Pesapal leaves: the order, its attempt open with no reference,
      // and the order's lock let go (the database drops a dead process's locks).
      const never: typeof client = {
        name: "pesapal",
        submitOrder: () => new Promise(() => {}),
        getStatus: client.getStatus.bind(client),
      } as unknown as typeof client;
      const dead = { db: handle.db, lockWhile: <T>(_: string, work: () => Promise<T>) => work() };
      void checkout({ cartId }, never, dead);
      await until(async () => (await ordersOfCart(cartId)).length === 1);
      const [left] = await ordersOfCart(cartId);
      const resumed = await checkout({ cartId });
      expect(resumed.orderId).toBe(left!.id);
      expect((await orderOf(left!.id)).paymentReference).toBeTruthy();
      expect(await ordersOfCart(cartId)).toHaveLength(1);
    });
  });
});
