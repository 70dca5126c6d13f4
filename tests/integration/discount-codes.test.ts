import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import {
  auditEvents,
  discountCodes,
  discountUses,
  messages,
  orderEvents,
  orders,
  productStock,
  products,
} from "~/db/schema";
import { placeOrder } from "~/flows/place-order.server";
import { refundOrder } from "~/flows/refund-order.server";
import { settleOrder } from "~/flows/settle-payment.server";
import { CheckoutError } from "~/modules/checkout/pricing";
import { CODE_TRIES_PER_ADDRESS, listCodes, triedOffer } from "~/modules/discounts/codes.server";
import { setStock } from "~/modules/inventory/stock.server";
import { dashboardStats, revenueByDay } from "~/modules/orders/dashboard.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { forgetAttempts } from "~/modules/throttle/throttle.server";
import { bothDatabases as databases } from "../setup/databases";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { testShop } from "../setup/services";

const form = (phone: string) => ({
  name: "Wanjiru Kamau",
  phone,
  email: "wanjiru@example.co.ke",
  deliveryMethod: "rider",
  pickupLocation: "",
  address: "Ngong Road 12",
  city: "Nairobi",
  notes: "",
});

/**
 * Discount codes at checkout (issue 26): the server prices the code at that moment; its uses
 * never pass its limit however many checkouts come at once; a failed payment gives its use back;
 * a customer (by phone) uses it as often as allowed; guessing is throttled per address.
 */
describe.each(databases)("discount codes on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let phones = 0;
  const nextPhone = () => `07${String(40_000_000 + phones++)}`;

  const checkout = (code: string, phone = nextPhone(), extra: object = {}) => {
    const { services } = pesapal;
    return placeOrder(services.database, services.payments, {
      form: form(phone),
      items: [{ productId: "dc1", size: "", quantity: 1 }],
      cartId: randomUUID(),
      publicUrl: services.settings.PUBLIC_URL,
      shopName: services.settings.SHOP_NAME,
      freeDeliveryOver: 5000,
      discountCode: code,
      ...extra,
    });
  };
  const code = async (values: Partial<typeof discountCodes.$inferInsert> & { code: string }) => {
    await handle.db.insert(discountCodes).values({ kind: "percent", value: 10, ...values });
  };
  const orderOf = async (id: string) =>
    (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const settle = async (
    placed: { orderId: string; redirectUrl: string },
    outcome: "complete" | "fail",
  ) => {
    await payAt(placed.redirectUrl, outcome, { sendIpn: false });
    const row = await orderOf(placed.orderId);
    await settleOrder(
      testShop(handle.db, new PaymentProviders([pesapal.client])),
      { provider: "pesapal", reference: row.paymentReference! },
      "callback",
    );
    return orderOf(placed.orderId);
  };
  const refused = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CheckoutError);
    return (error as CheckoutError).message;
  };

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values({
      id: "dc1",
      name: "Imani Kitenge Dress",
      description: "d",
      category: "dresses",
      price: 4000,
    });
    pesapal = await startPesapalShop(handle);
  });
  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  test("the order is priced with the code: 10% off the goods, the rider paid, the code and discount kept", async () => {
    await code({ code: "JAMHURI10" });
    const placed = await checkout("jamhuri-10");
    const order = await orderOf(placed.orderId);
    expect(order).toMatchObject({
      discountCode: "JAMHURI10",
      discount: 400,
      deliveryFee: 300,
      amount: 3900,
    });
    // What the shopper saw must be what is charged.
    expect(await refused(checkout("JAMHURI10", nextPhone(), { clientTotal: 4300 }))).toMatch(
      /changed/i,
    );
  });

  test("a code worth the whole order completes it without a payment: paid by the code, its piece sold, packing begun, the shopper told", async () => {
    await handle.db.insert(products).values({
      id: "dc2",
      name: "Amani Ankara Scarf",
      description: "d",
      category: "accessories",
      price: 1300,
    });
    await setStock(handle.db, { productId: "dc2", size: "", quantity: 1, adminId: null });
    await code({ code: "ZAWADI", kind: "amount", value: 100_000 });
    const cartId = randomUUID();
    const phone = nextPhone();
    const pickup = {
      form: {
        ...form(phone),
        deliveryMethod: "pickup",
        pickupLocation: "Milele Mall",
        address: "",
      },
      items: [{ productId: "dc2", size: "", quantity: 1 }],
      cartId,
      messages: pesapal.services.settings,
    };
    const placed = await checkout("zawadi", phone, pickup);
    const order = await orderOf(placed.orderId);
    expect(order).toMatchObject({
      amount: 0,
      discount: 1300,
      status: "Completed",
      paymentMethod: "Discount code",
      paymentReference: null,
      fulfilmentState: "to_pack",
      stockState: "sold",
    });
    expect(order.paymentStatus).toMatchObject({ state: "COMPLETED", amount: 0 });
    // Straight to the order's own page: no provider was asked for a payment of nothing.
    expect(placed.redirectUrl).toBe(
      `${pesapal.services.settings.PUBLIC_URL}/orders/${order.trackingToken}`,
    );
    const [shelf] = await handle.db
      .select({ quantity: productStock.quantity })
      .from(productStock)
      .where(eq(productStock.productId, "dc2"));
    expect(shelf!.quantity).toBe(0);
    const events = await handle.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["created", "paid_by_code", "fulfilment_changed"]),
    );
    expect(events.map((e) => e.kind)).not.toContain("payment_requested");
    const trail = await handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, order.id), eq(auditEvents.action, "paid_by_code")));
    expect(trail).toMatchObject([{ entity: "order", after: { discount_code: "ZAWADI" } }]);
    const told = await handle.db
      .select({ kind: messages.kind, channel: messages.channel })
      .from(messages)
      .where(eq(messages.orderId, order.id));
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((m) => m.kind))).toEqual(new Set(["payment_confirmed"]));
    // The same submission again (a double tap) lands on the same paid order, charged nothing.
    const again = await checkout("zawadi", phone, pickup);
    expect(again).toEqual(placed);
    expect((await orderOf(order.id)).status).toBe("Completed");
  });

  test("free delivery as a code; a minimum order and an end say why not", async () => {
    await code({ code: "FREESHIP", kind: "free_delivery", value: 0 });
    await code({ code: "BIGSPEND", minOrder: 5000 });
    await code({
      code: "OVER",
      endsAt: new Date(Date.now() - 1000),
      startsAt: new Date(Date.now() - 5000),
    });
    const free = await orderOf((await checkout("FREESHIP")).orderId);
    expect(free).toMatchObject({
      discount: 0,
      deliveryFee: 0,
      amount: 4000,
      discountCode: "FREESHIP",
    });
    expect(await refused(checkout("BIGSPEND"))).toBe(
      "This code needs an order of KSh 5,000 or more.",
    );
    expect(await refused(checkout("OVER"))).toBe("This code has expired.");
    expect(await refused(checkout("NOSUCH"))).toBe(
      "This code is not valid. Please check it and try again.",
    );
  });

  test("50 checkouts at once for a code with 10 uses left: 10 orders use it, the rest are told it is used up", async () => {
    await code({ code: "FIFTY", totalLimit: 12 });
    // Two uses gone already: one paid, one awaiting payment.
    const paid = await checkout("FIFTY");
    expect((await settle(paid, "complete")).status).toBe("Completed");
    await checkout("FIFTY");
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => checkout("FIFTY")));
    const placed = results.filter((r) => r.status === "fulfilled");
    expect(placed).toHaveLength(10);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toBeInstanceOf(CheckoutError);
        expect(r.reason.message).toBe("This code has been used up.");
      }
    }
    const [row] = await handle.db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.code, "FIFTY"));
    const uses = await handle.db
      .select()
      .from(discountUses)
      .where(eq(discountUses.codeId, row!.id));
    expect(uses).toHaveLength(12);
    const listed = (await listCodes(handle.db)).find((c) => c.code === "FIFTY")!;
    expect({ used: listed.used, held: listed.held }).toEqual({ used: 1, held: 11 });
  });

  test("a held use comes back when its payment fails", async () => {
    await code({ code: "ONCE", totalLimit: 1 });
    const first = await checkout("ONCE");
    expect(await refused(checkout("ONCE"))).toBe("This code has been used up.");
    expect((await settle(first, "fail")).status).toBe("Failed");
    const again = await checkout("ONCE");
    expect((await orderOf(again.orderId)).discountCode).toBe("ONCE");
  });

  test("a customer uses a code as often as it allows, by phone number", async () => {
    await code({ code: "MINE", perCustomerLimit: 1 });
    const phone = nextPhone();
    await checkout("MINE", phone);
    expect(await refused(checkout("MINE", phone))).toBe("You have already used this code.");
    await checkout("MINE", nextPhone());
  });

  test("the dashboard counts sales, discounts, refunds and net revenue apart", async () => {
    const before = await dashboardStats(handle.db);
    const placed = await checkout("JAMHURI10");
    expect((await settle(placed, "complete")).status).toBe("Completed");
    await refundOrder(pesapal.services, {
      orderId: placed.orderId,
      amount: 1000,
      lines: [],
      reason: "Late delivery",
      method: "hand",
      reference: "QX1",
      adminId: null,
      adminName: "Owner",
    });
    const after = await dashboardStats(handle.db);
    expect({
      sales: after.sales - before.sales,
      discounts: after.discounts - before.discounts,
      refunds: after.refunds - before.refunds,
      revenue: after.revenue - before.revenue,
    }).toEqual({ sales: 4300, discounts: 400, refunds: 1000, revenue: 2900 });
    const today = (await revenueByDay(handle.db)).at(-1)!;
    expect(today).toMatchObject({ discounts: expect.any(Number) });
    expect(today.sales - today.discounts - today.refunds).toBe(today.revenue);
  });

  test("guessing codes from one address is throttled; a code that applies is not counted", async () => {
    const address = `10.9.${phones % 250}.7`;
    await forgetAttempts(handle.db, CODE_TRIES_PER_ADDRESS, address);
    const lines = [{ price: 4000, quantity: 1, category: "dresses" }];
    for (let i = 0; i < CODE_TRIES_PER_ADDRESS.points; i++) {
      expect((await triedOffer(handle.db, `GUESS${i}`, lines, address)).ok).toBe(false);
    }
    expect(await triedOffer(handle.db, "JAMHURI10", lines, address)).toEqual({
      ok: false,
      error: "Too many codes tried. Please wait a few minutes and try again.",
      tooMany: true,
    });
    const other = `10.9.${phones % 250}.8`;
    await forgetAttempts(handle.db, CODE_TRIES_PER_ADDRESS, other);
    for (let i = 0; i < CODE_TRIES_PER_ADDRESS.points + 2; i++) {
      expect((await triedOffer(handle.db, "JAMHURI10", lines, other)).ok).toBe(true);
    }
  });
});
