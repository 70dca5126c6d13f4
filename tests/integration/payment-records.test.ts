import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, paymentAttempts, products } from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import { arriveFromPayment } from "~/flows/return-from-payment.server";
import { waitingPayment } from "~/flows/waiting-payment.server";
import { adjustStock } from "~/modules/inventory/stock.server";
import {
  adminOrder,
  orderSections,
  parseOrdersQuery,
  viewCounts,
} from "~/modules/orders/admin-orders.server";
import { trackedOrder } from "~/modules/orders/tracking.server";
import { PaymentProviders } from "~/modules/payments/registry";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { startDaraja } from "../setup/mpesa";
import { orderOf as storedOrder, eventsOf as timelineOf } from "../setup/orders";
import { testServices, testSettings } from "../setup/services";
import { until } from "../setup/until";

/**
 * Issue 40, point 6: what a payment's messages claim never confuses its record. A masked or hashed
 * payer's number is kept as given with the receipt; the receipt is kept whichever message brought
 * it; a payment claimed for another amount is 'checking' for the shopper and 'needs attention' for
 * the owner, the same answer on both pages, until a correct message repairs it.
 */
describe.each(databases)("payment records that cannot be confused, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let daraja: Awaited<ReturnType<typeof startDaraja>>;
  let shop: Services;
  let phones = 0;

  const orderOf = (id: string) => storedOrder(handle.db, id);
  const eventsOf = (id: string) => timelineOf(handle.db, id);
  const attemptOf = async (orderId: string) =>
    (
      await handle.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId))
    )[0]!;

  const checkout = async () => {
    const placed = await placeOrder(shop.database, shop.payments, {
      form: {
        name: "Akinyi Otieno",
        phone: `07${String(20_000_000 + phones++).padStart(8, "0")}`,
        email: "akinyi@example.co.ke",
        deliveryMethod: "pickup",
        pickupLocation: "Milele Mall Ngong",
        notes: "",
      },
      items: [{ productId: "9801", size: "M", quantity: 1 }],
      clientTotal: 2500,
      cartId: null,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
      provider: "mpesa-express",
    });
    const page = placed.redirectUrl.split("/pay/")[1]!;
    const order = await orderOf(placed.orderId);
    return { orderId: placed.orderId, page, prompt: order.paymentReference!, order };
  };

  /** A callback for the prompt as Safaricom sends a paid one, claiming `amount`. */
  const paidCallback = (prompt: string, amount: number, receipt: string) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: prompt,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: amount },
            { Name: "MpesaReceiptNumber", Value: receipt },
            { Name: "Balance" },
            { Name: "TransactionDate", Value: 20261201143015 },
            { Name: "PhoneNumber", Value: "2547****5678" },
          ],
        },
      },
    },
  });

  /** What the shopper's three pages and the owner's say of the order, side by side. */
  const bothSides = async (orderId: string, page: string) => {
    const order = await orderOf(orderId);
    const tracked = await trackedOrder(handle.db, order.trackingToken);
    const arrived = await arriveFromPayment(
      shop,
      { provider: "mpesa-express", reference: order.paymentReference! },
      null,
    );
    const owner = await adminOrder(handle.db, orderId);
    return {
      tracking: tracked!.payment,
      success: arrived!.payment,
      waiting: (await waitingPayment(shop, page))!.state,
      ownerPaid: owner!.paid,
      ownerInDoubt: owner!.paymentInDoubt,
      status: order.status,
      code: order.confirmationCode,
    };
  };

  const attentionIds = async () =>
    Object.values(
      await orderSections(
        handle.db,
        parseOrdersQuery(new URLSearchParams({ view: "attention", status: "all" })),
      ),
    ).flatMap((section) => section.rows.map((o) => o.id));

  beforeAll(async () => {
    handle = await database.open();
    daraja = await startDaraja();
    shop = await testServices(
      handle,
      { payments: new PaymentProviders([daraja.provider()]) },
      testSettings(),
    );
    daraja.shops.push(shop);
    await handle.db.insert(products).values({
      id: "9801",
      name: "Zawadi Ankara Dress",
      description: "d",
      category: "dresses",
      price: 2500,
      sizes: ["M"],
    });
    await handle.db.transaction((tx) =>
      adjustStock(tx, { productId: "9801", size: "M", quantity: 100, adminId: null }),
    );
  });
  afterAll(async () => {
    await daraja?.close();
    await handle?.dispose();
  });

  test.each([
    ["masked, as Safaricom now sends it", "masked", /^2547\*{4}\d{4}$/],
    ["hashed", "hashed", /^[0-9a-f]{64}$/],
  ] as const)(
    "a callback with the payer's number %s settles the order with its receipt",
    async (_, form, stored) => {
      const { orderId, prompt } = await checkout();
      daraja.emulator.control.answer(prompt, "pay", { callbackPhone: form });
      await until(async () => (await orderOf(orderId)).status === "Completed");
      const order = await orderOf(orderId);
      expect(order.confirmationCode).toMatch(/^[A-Z0-9]{10}$/);
      // Stored as given, never made up into a number.
      expect((await attemptOf(orderId)).claim?.phone).toMatch(stored);
    },
  );

  test("settled by the query before the callback came: the late callback's receipt is kept", async () => {
    const { orderId, page, prompt } = await checkout();
    daraja.emulator.control.answer(prompt, "pay", { callback: false });
    await handle.db.update(orders).set({ statusAskedAt: null }).where(eq(orders.id, orderId));
    expect((await waitingPayment(shop, page))?.state).toBe("paid");
    expect((await orderOf(orderId)).status).toBe("Completed");
    expect((await orderOf(orderId)).confirmationCode).toBeNull();
    await daraja.emulator.control.sendCallback(prompt, paidCallback(prompt, 2500, "TLA1B2C3D4"));
    await until(async () => (await orderOf(orderId)).confirmationCode === "TLA1B2C3D4");
    expect(await bothSides(orderId, page)).toMatchObject({
      tracking: "paid",
      success: "paid",
      waiting: "paid",
      ownerPaid: true,
      ownerInDoubt: null,
      status: "Completed",
    });
    // Paid once: one 'payment completed', the receipt recorded after it.
    const events = await eventsOf(orderId);
    expect(events.filter((e) => e === "payment_completed")).toHaveLength(1);
    expect(events).toContain("payment_recorded");
  });

  test("a first callback claiming another amount: 'checking' for the shopper, needs attention for the owner, until a correct one repairs it", async () => {
    const { orderId, page, prompt } = await checkout();
    daraja.emulator.control.answer(prompt, "pay", { callbackAmount: 1 });
    await until(async () => (await eventsOf(orderId)).includes("payment_mismatch"));
    expect(await bothSides(orderId, page)).toEqual({
      tracking: "checking",
      success: "checking",
      waiting: "checking",
      ownerPaid: false,
      ownerInDoubt: { amount: 1, currency: "KES" },
      status: "Pending",
      code: null,
    });
    expect(await attentionIds()).toContain(orderId);
    expect((await viewCounts(handle.db)).attention).toBeGreaterThanOrEqual(1);
    // Nothing can be packed while it is in doubt.
    expect((await adminOrder(handle.db, orderId))!.fulfilment.next).toEqual([]);
    expect((await orderOf(orderId)).fulfilmentState).toBeNull();

    // The same wrong callback again changes nothing.
    await daraja.emulator.control.sendCallback(prompt);
    await new Promise((r) => setTimeout(r, 100));
    expect((await orderOf(orderId)).status).toBe("Pending");

    // Safaricom's correct callback arrives: the order is paid, with that message's receipt.
    await daraja.emulator.control.sendCallback(prompt, paidCallback(prompt, 2500, "TLB9X8Y7Z6"));
    await until(async () => (await orderOf(orderId)).status === "Completed");
    expect(await bothSides(orderId, page)).toEqual({
      tracking: "paid",
      success: "paid",
      waiting: "paid",
      ownerPaid: true,
      ownerInDoubt: null,
      status: "Completed",
      code: "TLB9X8Y7Z6",
    });
    expect(await attentionIds()).not.toContain(orderId);
    expect((await orderOf(orderId)).fulfilmentState).toBe("to_pack");
    expect((await eventsOf(orderId)).filter((e) => e === "payment_completed")).toHaveLength(1);

    // A wrong callback after that never undoes it.
    await daraja.emulator.control.sendCallback(prompt, paidCallback(prompt, 1, "TLWRONG001"));
    await new Promise((r) => setTimeout(r, 3_200));
    expect(await bothSides(orderId, page)).toMatchObject({
      tracking: "paid",
      status: "Completed",
      code: "TLB9X8Y7Z6",
    });
  });

  test("two processes on one database: a wrong and a correct callback at once still make one paid order, with the correct receipt", async (context) => {
    if (handle.kind !== "postgres") return context.skip();
    const place = await database.place();
    const [a, b] = await Promise.all([place.open(), place.open()]);
    try {
      await a.db.insert(products).values({
        id: "9801",
        name: "Zawadi Ankara Dress",
        description: "d",
        category: "dresses",
        price: 2500,
        sizes: ["M"],
      });
      const payments = new PaymentProviders([daraja.provider()]);
      const shops = await Promise.all([
        testServices(a, { payments }, testSettings()),
        testServices(b, { payments }, testSettings()),
      ]);
      const placed = await placeOrder(shops[0]!.database, payments, {
        form: {
          name: "Akinyi Otieno",
          phone: "0733000222",
          email: "akinyi@example.co.ke",
          deliveryMethod: "pickup",
          pickupLocation: "Milele Mall Ngong",
          notes: "",
        },
        items: [{ productId: "9801", size: "M", quantity: 1 }],
        clientTotal: 2500,
        cartId: null,
        publicUrl: "http://localhost:3000",
        shopName: "Amani Prints",
        freeDeliveryOver: 0,
        provider: "mpesa-express",
      });
      const [order] = await a.db.select().from(orders).where(eq(orders.id, placed.orderId));
      const prompt = order!.paymentReference!;
      daraja.shops.splice(0, daraja.shops.length, ...shops);
      daraja.emulator.control.answer(prompt, "pay", { callback: false });
      await Promise.all([
        daraja.emulator.control.sendCallback(prompt, paidCallback(prompt, 1, "TLWRONG002")),
        daraja.emulator.control.sendCallback(prompt, paidCallback(prompt, 2500, "TLC5D6E7F8")),
        daraja.emulator.control.sendCallback(prompt, paidCallback(prompt, 1, "TLWRONG003")),
      ]);
      await until(async () => {
        const [o] = await b.db.select().from(orders).where(eq(orders.id, placed.orderId));
        return o?.status === "Completed" && o.confirmationCode === "TLC5D6E7F8";
      });
      const events = await timelineOf(a.db, placed.orderId);
      expect(events.filter((e) => e === "payment_completed")).toHaveLength(1);
    } finally {
      daraja.shops.splice(0, daraja.shops.length, shop);
      await a.close();
      await b.close();
      await place.dispose();
    }
  });
});
