import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orderEvents, orders, paymentAttempts, productStock, products } from "~/db/schema";
import { reconcileOpenAttempts } from "~/flows/check-attempts.server";
import { payAgain } from "~/flows/pay-again.server";
import { placeOrder } from "~/flows/place-order.server";
import { settleOrder } from "~/flows/settle-payment.server";
import { waitingPayment } from "~/flows/waiting-payment.server";
import { paymentReplaced as REPLACED } from "~/i18n/en";
import { CHECKOUT_MESSAGES } from "~/modules/checkout/checkout-form";
import { adjustStock } from "~/modules/inventory/stock.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { action as apiCheckout } from "~/routes/resources/api-checkout";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { startDaraja } from "../setup/mpesa";
import { orderOf as storedOrder, eventsOf as timelineOf } from "../setup/orders";
import { payAt, startPesapal } from "../setup/pesapal";
import { routeArgs, testServices, testSettings } from "../setup/services";
import { until } from "../setup/until";

const form = {
  name: "Akinyi Otieno",
  phone: "0712345678",
  email: "akinyi@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall Ngong",
  notes: "",
};

describe.each(databases)("M-Pesa Express beside Pesapal, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let daraja: Awaited<ReturnType<typeof startDaraja>>;
  let pesapal: Awaited<ReturnType<typeof startPesapal>>;
  let shop: Services;

  const orderOf = (id: string) => storedOrder(handle.db, id);
  const eventsOf = (id: string) => timelineOf(handle.db, id);
  const attemptsOf = (orderId: string) =>
    handle.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(paymentAttempts.number);
  /** Each order's phone is its own: one open prompt per phone, as on M-Pesa. */
  let phones = 0;
  /** A shopper's M-Pesa checkout of the dress, on one shop process, from a browser's cart. */
  const placeMpesaOrder = (on: Services, phone: string, cartId: string | null = null) =>
    placeOrder(on.database, on.payments, {
      form: { ...form, phone },
      items: [{ productId: "9701", size: "M", quantity: 1 }],
      clientTotal: 2500,
      cartId,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
      provider: "mpesa-express",
    });
  const checkout = async () => {
    const cartId = randomUUID();
    const placed = await placeMpesaOrder(
      shop,
      `07${String(10_000_000 + phones++).padStart(8, "0")}`,
      cartId,
    );
    const token = placed.redirectUrl.split("/pay/")[1]!;
    const prompt = (await orderOf(placed.orderId)).paymentReference!;
    return { ...placed, token, prompt, cartId };
  };

  beforeAll(async () => {
    handle = await database.open();
    daraja = await startDaraja();
    pesapal = await startPesapal();
    shop = await testServices(
      handle,
      { payments: new PaymentProviders([daraja.provider(), pesapal.client()]) },
      testSettings(),
    );
    daraja.shops.push(shop);
    await handle.db.insert(products).values({
      id: "9701",
      name: "Zawadi Ankara Dress",
      description: "d",
      category: "dresses",
      price: 2500,
      sizes: ["M"],
    });
    await handle.db.transaction((tx) =>
      adjustStock(tx, { productId: "9701", size: "M", quantity: 100, adminId: null }),
    );
  });
  afterAll(async () => {
    await daraja?.close();
    await pesapal?.close();
    await handle?.dispose();
  });

  test("paid on the phone: the callback's receipt is the confirmation code, once the query agrees", async () => {
    const { orderId, redirectUrl, token, prompt } = await checkout();
    expect(redirectUrl).toBe(`http://localhost:3000/pay/${token}`);
    expect(daraja.emulator.control.prompt(prompt)).toMatchObject({
      amount: 2500,
      phone: expect.stringMatching(/^2547\d{8}$/),
      open: true,
    });
    expect((await waitingPayment(shop, token))?.state).toBe("waiting");
    daraja.emulator.control.answer(prompt, "pay");
    await until(async () => (await orderOf(orderId)).status === "Completed");
    const order = await orderOf(orderId);
    expect(order.paymentMethod).toBe("M-Pesa");
    expect(order.confirmationCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(order.stockState).toBe("sold");
    expect((await attemptsOf(orderId)).map((a) => a.state)).toEqual(["paid"]);
    expect((await waitingPayment(shop, token))?.state).toBe("paid");
    // The same callback again, and once more: nothing changes, nothing is recorded twice.
    await daraja.emulator.control.sendCallback(prompt);
    await daraja.emulator.control.sendCallback(prompt);
    await new Promise((r) => setTimeout(r, 100));
    expect((await eventsOf(orderId)).filter((e) => e === "payment_completed")).toHaveLength(1);
  });

  test.each([
    ["cancel", "cancelled", "The payment was cancelled before it was finished."],
    ["timeout", "timed_out", "The payment request ran out of time"],
    [1, "insufficient_funds", "There was not enough money"],
    [2001, "wrong_pin", "The M-Pesa PIN that was entered was not accepted."],
  ] as const)(
    "answered %s: the order fails with the reason in words, its units back",
    async (answer, failure, words) => {
      const { orderId, token, prompt } = await checkout();
      daraja.emulator.control.answer(prompt, answer);
      await until(async () => (await orderOf(orderId)).status === "Failed");
      const order = await orderOf(orderId);
      expect(order.paymentStatus?.failure).toBe(failure);
      expect(order.stockState).toBe("released");
      const page = await waitingPayment(shop, token);
      expect(page).toMatchObject({ state: "failed", anotherWay: true });
      expect(page?.failure).toContain(words);
    },
  );

  test("a forged callback claiming success settles nothing: the query disagrees, or the token is wrong", async () => {
    const { orderId, token, prompt } = await checkout();
    const forged = (path: string) =>
      fetch(`${daraja.base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          Body: {
            stkCallback: {
              MerchantRequestID: "m-1",
              CheckoutRequestID: prompt,
              ResultCode: 0,
              ResultDesc: "The service request is processed successfully.",
              CallbackMetadata: {
                Item: [
                  { Name: "Amount", Value: 2500 },
                  { Name: "MpesaReceiptNumber", Value: "FORGED0001" },
                  { Name: "PhoneNumber", Value: 254712345678 },
                ],
              },
            },
          },
        }),
      });
    expect((await forged(`/api/mpesa-express/callback/${"x".repeat(32)}`)).status).toBe(200);
    const [attempt] = await attemptsOf(orderId);
    expect(attempt!.token).not.toBe(token);
    expect((await forged(`/api/mpesa-express/callback/${attempt!.token}`)).status).toBe(200);
    // The prompt is still open on the phone: the query says so, and the order waits.
    expect((await orderOf(orderId)).status).toBe("Pending");
    daraja.emulator.control.answer(prompt, "cancel");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    expect((await orderOf(orderId)).confirmationCode).toBeNull();
  });

  test("a callback claiming another amount than the order's is not a payment", async () => {
    const { orderId, prompt } = await checkout();
    daraja.emulator.control.answer(prompt, "pay", { callbackAmount: 1 });
    await until(async () => (await eventsOf(orderId)).includes("payment_mismatch"));
    expect((await orderOf(orderId)).status).toBe("Pending");
  });

  test("a callback that never arrives: the waiting page's query settles it", async () => {
    const { orderId, token, prompt } = await checkout();
    daraja.emulator.control.answer(prompt, "pay", { callback: false });
    await handle.db.update(orders).set({ statusAskedAt: null }).where(eq(orders.id, orderId));
    expect((await waitingPayment(shop, token))?.state).toBe("paid");
    const order = await orderOf(orderId);
    expect(order.status).toBe("Completed");
    // The receipt number comes only in the callback.
    expect(order.confirmationCode).toBeNull();
  });

  test("the waiting page asks Daraja at most once per 5 seconds for an order", async () => {
    const { orderId, token, prompt } = await checkout();
    await Promise.all(Array.from({ length: 10 }, () => waitingPayment(shop, token)));
    daraja.emulator.control.answer(prompt, "pay", { callback: false });
    // Paid on the phone a moment later: the page waits for its next turn to ask.
    expect((await waitingPayment(shop, token))?.state).toBe("waiting");
    await handle.db
      .update(orders)
      .set({ statusAskedAt: sql`now() - interval '6 seconds'` })
      .where(eq(orders.id, orderId));
    expect((await waitingPayment(shop, token))?.state).toBe("paid");
  });

  test("'Send the prompt again' after a timeout: a new prompt for the same order, which pays it", async () => {
    const { orderId, token, prompt, cartId } = await checkout();
    daraja.emulator.control.answer(prompt, "timeout");
    await until(async () => (await orderOf(orderId)).status === "Failed");
    const again = await payAgain(shop, token, {
      way: "again",
      payerPhone: "254799000111",
      cartId,
    });
    expect("redirectUrl" in again).toBe(true);
    const next = (again as { redirectUrl: string }).redirectUrl.split("/pay/")[1]!;
    expect(next).not.toBe(token);
    const order = await orderOf(orderId);
    expect(order.status).toBe("Pending");
    expect(order.stockState).toBe("held");
    expect(daraja.emulator.control.prompt(order.paymentReference!)).toMatchObject({
      phone: "254799000111",
      open: true,
    });
    daraja.emulator.control.answer(order.paymentReference!, "pay");
    await until(async () => (await orderOf(orderId)).status === "Completed");
    expect((await attemptsOf(orderId)).map((a) => a.state)).toEqual(["failed", "paid"]);
    // The old page follows the order: it is paid.
    expect((await waitingPayment(shop, token))?.state).toBe("paid");
  });

  test("'Pay another way' sends the same order to Pesapal; a late M-Pesa payment is recorded, not taken silently", async () => {
    const { orderId, token, prompt } = await checkout();
    const other = await payAgain(shop, token, { way: "other" });
    const pesapalPage = (other as { redirectUrl: string }).redirectUrl;
    expect(pesapalPage).toContain(pesapal.base);
    // Back on the M-Pesa page meanwhile: it says what happened, and may still prompt.
    expect(await waitingPayment(shop, token)).toMatchObject({ state: "failed", failure: REPLACED });
    await payAt(pesapalPage, "complete", { method: "visa" });
    const order = await orderOf(orderId);
    await settleOrder(
      shop,
      { provider: "pesapal", reference: order.paymentReference! },
      "callback",
    );
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect((await attemptsOf(orderId)).map((a) => [a.provider, a.state])).toEqual([
      ["mpesa-express", "replaced"],
      ["pesapal", "paid"],
    ]);
    // The shopper also finishes the first prompt on their phone.
    daraja.emulator.control.answer(prompt, "pay");
    await until(async () => (await eventsOf(orderId)).includes("payment_duplicate"));
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect((await eventsOf(orderId)).filter((e) => e === "payment_completed")).toHaveLength(1);
    const [duplicate] = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.kind, "payment_duplicate"));
    expect(duplicate?.details).toMatchObject({ provider: "mpesa-express", amount: 2500 });
  });

  test("an unanswered prompt is failed by the reconciliation once it has surely expired", async () => {
    const { orderId, prompt } = await checkout();
    await reconcileOpenAttempts(shop);
    expect((await orderOf(orderId)).status).toBe("Pending");
    await handle.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '4 minutes'` })
      .where(eq(paymentAttempts.reference, prompt));
    await handle.db.update(orders).set({ statusAskedAt: null }).where(eq(orders.id, orderId));
    await reconcileOpenAttempts(shop);
    const order = await orderOf(orderId);
    expect(order.status).toBe("Failed");
    expect(order.paymentStatus?.failure).toBe("timed_out");
    expect(order.stockState).toBe("released");
  });

  test("the JSON checkout takes a payment method and another M-Pesa number, and answers the waiting page", async () => {
    const call = (data: Record<string, unknown>) =>
      apiCheckout(
        routeArgs<never>(
          shop,
          new Request("http://localhost/api/checkout", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              data: {
                items: [{ id: "9701", quantity: 1, size: "M" }],
                checkoutData: { ...form, phone: "0712999001" },
                total: 2500,
                ...data,
              },
            }),
          }),
          { clientAddress: "10.9.0.1" },
        ),
      );
    const bad = await call({ paymentMethod: "mpesa-express", payerPhone: "12345" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(CHECKOUT_MESSAGES.payerPhone);
    const answer = await call({ paymentMethod: "mpesa-express", payerPhone: "0799 555 001" });
    expect(answer.status).toBe(200);
    const { redirectUrl } = (await answer.json()).data;
    expect(redirectUrl).toMatch(/^http:\/\/localhost:3000\/pay\/[0-9a-f-]{36}$/);
    const page = await waitingPayment(shop, redirectUrl.split("/pay/")[1]);
    expect(page).toMatchObject({ state: "waiting", phone: "0799 555 001", amount: 2500 });
    const card = await call({ paymentMethod: "pesapal" });
    expect((await card.json()).data.redirectUrl).toContain(pesapal.base);
  });

  test("a second prompt while one is open on the phone: the shopper is told, in words", async () => {
    const first = await checkout();
    const again = await payAgain(shop, first.token, {
      way: "again",
      cartId: first.cartId,
      payerPhone: daraja.emulator.control.prompt(first.prompt)!.phone,
    });
    // The first prompt is still open on that phone: Daraja refuses the second.
    const page = await waitingPayment(
      shop,
      (again as { redirectUrl: string }).redirectUrl.split("/pay/")[1]!,
    );
    expect(page?.state).toBe("failed");
    expect(page?.failure).toContain("Another M-Pesa request was already waiting on that phone");
  });

  test("two processes on one database answer one order's callbacks and queries: one settlement", async (context) => {
    if (handle.kind !== "postgres") return context.skip();
    const place = await database.place();
    const [a, b] = await Promise.all([place.open(), place.open()]);
    try {
      await a.db.insert(products).values({
        id: "9701",
        name: "Zawadi Ankara Dress",
        description: "d",
        category: "dresses",
        price: 2500,
        sizes: ["M"],
      });
      const payments = new PaymentProviders([daraja.provider(), pesapal.client()]);
      const shops = await Promise.all([
        testServices(a, { payments }, testSettings()),
        testServices(b, { payments }, testSettings()),
      ]);
      const placed = await placeMpesaOrder(shops[0]!, "0733000111");
      const token = placed.redirectUrl.split("/pay/")[1]!;
      const [order] = await a.db.select().from(orders).where(eq(orders.id, placed.orderId));
      daraja.shops.splice(0, daraja.shops.length, ...shops);
      daraja.emulator.control.answer(order!.paymentReference!, "pay", { duplicateCallbacks: 3 });
      await Promise.all(shops.flatMap((s) => [waitingPayment(s, token), waitingPayment(s, token)]));
      await until(async () => {
        const [o] = await b.db.select().from(orders).where(eq(orders.id, placed.orderId));
        return o?.status === "Completed";
      });
      const events = await a.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, placed.orderId));
      expect(events.filter((e) => e.kind === "payment_completed")).toHaveLength(1);
      const stock = await a.db.select().from(productStock);
      expect(stock).toEqual([]);
    } finally {
      daraja.shops.splice(0, daraja.shops.length, shop);
      await a.close();
      await b.close();
      await place.dispose();
    }
  });
});
