import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import {
  messages,
  orders,
  paymentAttempts,
  productStock,
  products,
  refunds,
  stockMovements,
  user,
} from "~/db/schema";
import { orderAction } from "~/flows/act-on-order.server";
import { placeOrder } from "~/flows/place-order.server";
import { refundOrder } from "~/flows/refund-order.server";
import { settleOrder } from "~/flows/settle-payment.server";
import {
  adminOrder,
  adminOrderPage,
  orderSections,
  parseOrdersQuery,
  toPackCount,
  viewCounts,
  withoutRefundDetails,
} from "~/modules/orders/admin-orders.server";
import { previewRefund, RefundError } from "~/modules/orders/refunds.server";
import { trackedOrder } from "~/modules/orders/tracking.server";
import type { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { testShop } from "../setup/services";

const ADMIN = "refund-admin";

/**
 * The owner's refunds (issue 26): in full or in part, by lines with their units back on the shelf
 * or not, asked of Pesapal through its emulator or recorded by hand; never more than was paid, also
 * when two refunds come at once; a reversal from the provider recorded the same way.
 */
describe.each(databases)("refunds on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let client: PesapalClient;
  let services: Services;
  let phones = 0;

  /** A paid order of 2 dresses (size M, tracked) and 1 bag, by matatu: 2 x 2500 + 1800 + 150. */
  const paidOrder = async (method: "visa" | "mpesa" = "visa", outcome = "complete") => {
    const phone = `07${String(20_000_000 + phones++).padStart(8, "0")}`;
    const placed = await placeOrder(handle, new PaymentProviders([client]), {
      form: {
        name: "Akinyi Otieno",
        email: "akinyi@example.co.ke",
        phone,
        deliveryMethod: "matatu",
        pickupLocation: "",
        address: "Kenyatta Avenue 12",
        city: "Kisumu",
        notes: "",
      },
      items: [
        { productId: "rf1", size: "M", quantity: 2 },
        { productId: "rf2", size: "", quantity: 1 },
      ],
      cartId: null,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      freeDeliveryOver: 0,
    });
    await payAt(placed.redirectUrl, "complete", { sendIpn: false, method });
    if (outcome === "reverse") await payAt(placed.redirectUrl, "reverse", { sendIpn: false });
    const settle = async () => {
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
      await settleOrder(
        testShop(handle.db, new PaymentProviders([client])),
        { provider: "pesapal", reference: row!.paymentReference! },
        "callback",
      );
    };
    await settle();
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
    return row!;
  };

  const refund = (orderId: string, ask: Partial<Parameters<typeof refundOrder>[1]> = {}) =>
    refundOrder(services, {
      orderId,
      amount: null,
      lines: [],
      reason: "Returned within 30 days",
      method: "hand",
      reference: "QGH12XY34Z",
      adminId: ADMIN,
      adminName: "Owner",
      ...ask,
    });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RefundError);
    return (error as Error).message;
  };
  const orderRow = async (id: string) =>
    (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const shelf = async () =>
    (
      await handle.db
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(and(eq(productStock.productId, "rf1"), eq(productStock.size, "M")))
    )[0]!.quantity;
  const listed = async (id: string) => (await adminOrderPage(handle.db, id))!;

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(user).values({ id: ADMIN, name: "Owner", email: "owner@example.test" });
    await handle.db.insert(products).values([
      {
        id: "rf1",
        name: "Zuri Wrap Dress",
        description: "d",
        category: "dresses",
        price: 2500,
        sizes: ["M"],
      },
      { id: "rf2", name: "Kito Tote Bag", description: "d", category: "bags", price: 1800 },
    ]);
    await handle.db.insert(productStock).values({ productId: "rf1", size: "M", quantity: 50 });
    pesapal = await startPesapalShop(handle);
    ({ client, services } = pesapal);
  });
  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  test("a part refund by hand, by lines: one dress back on the shelf, the shopper told, the order 'Partly refunded'", async () => {
    const order = await paidOrder();
    expect(order.amount).toBe(6950);
    const before = await shelf();
    const made = await refund(order.id, {
      lines: [{ line: 0, quantity: 1, restock: true }],
    });
    expect(made).toMatchObject({
      amount: 2500,
      state: "done",
      method: "hand",
      reference: "QGH12XY34Z",
    });
    expect((await orderRow(order.id)).refunded).toBe(2500);
    expect(await shelf()).toBe(before + 1);
    const [returned] = await handle.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.refundId, made.id));
    expect(returned).toMatchObject({
      kind: "returned",
      change: 1,
      orderId: order.id,
      adminId: ADMIN,
    });
    const told = await handle.db
      .select({ channel: messages.channel, body: messages.body, subject: messages.subject })
      .from(messages)
      .where(and(eq(messages.orderId, order.id), eq(messages.kind, "refunded")));
    expect(told.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    expect(told.find((m) => m.channel === "sms")?.body).toContain(
      "we refunded KSh 2,500 for order",
    );
    const shown = await listed(order.id);
    expect(shown).toMatchObject({ refunded: 2500, refundLabel: "Partly refunded" });
    expect(shown.refundLines.map((l) => l.left)).toEqual([1, 1]);

    // The same dress again: only one is left to give back.
    expect(
      await refusal(refund(order.id, { lines: [{ line: 0, quantity: 2, restock: false }] })),
    ).toBe("You can give back at most 1 of Zuri Wrap Dress (M).");
    // The rest by amount, the delivery fee with it: 'Refunded', out of the packing list.
    const toPack = await toPackCount(handle.db);
    await refund(order.id, { amount: 4450, reference: "QGH98AB76C" });
    expect((await listed(order.id)).refundLabel).toBe("Refunded");
    expect(await toPackCount(handle.db)).toBe(toPack - 1);
    expect(await refusal(refund(order.id, { amount: 1 }))).toBe(
      "This order has been refunded in full already.",
    );
  });

  test("never more than what is left of the payment, also with two refunds at once", async () => {
    const order = await paidOrder();
    expect(await refusal(refund(order.id, { amount: 6951 }))).toBe(
      "A refund can be at most KSh 6,950, what is left of the payment.",
    );
    const both = await Promise.allSettled([
      refund(order.id, { amount: 5000 }),
      refund(order.id, { amount: 5000, reference: "SECOND" }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RefundError);
    expect(refused.reason.message).toBe(
      "A refund can be at most KSh 1,950, what is left of the payment.",
    );
    expect((await orderRow(order.id)).refunded).toBe(5000);
    const rows = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  test("a refund asked of Pesapal: a card in part; its rule of one refund per payment is its sentence", async () => {
    const order = await paidOrder("visa");
    const made = await refund(order.id, { method: "provider", amount: 1000, reference: "" });
    expect(made).toMatchObject({
      state: "done",
      method: "provider",
      reference: "Refund request successfully",
    });
    const words = await refusal(
      refund(order.id, { method: "provider", amount: 500, reference: "" }),
    );
    expect(words).toBe(
      "Pesapal refused the refund: A refund has already been requested for this payment",
    );
    // The refused one is kept, failed, and gave its amount back to what is left.
    expect((await orderRow(order.id)).refunded).toBe(1000);
    const rows = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows.map((r) => r.state).sort()).toEqual(["done", "failed"]);
    // What Pesapal cannot do the owner does by hand.
    await refund(order.id, { amount: 500 });
    expect((await orderRow(order.id)).refunded).toBe(1500);
  });

  test("mobile money through Pesapal in full only", async () => {
    const order = await paidOrder("mpesa");
    expect(
      await refusal(refund(order.id, { method: "provider", amount: 1000, reference: "" })),
    ).toBe("Pesapal refused the refund: Mobile money payments can only be refunded in full");
    await refund(order.id, { method: "provider", amount: 6950, reference: "" });
    expect((await listed(order.id)).refundLabel).toBe("Refunded");
  });

  test("a reversal from the provider is recorded as a refund of what was left, and takes the order off the packing list", async () => {
    const toPack = await toPackCount(handle.db);
    const attention = (await viewCounts(handle.db)).attention;
    const order = await paidOrder("visa", "reverse");
    expect(order.paymentReversedAt).not.toBeNull();
    const rows = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toMatchObject([{ method: "reversal", amount: 6950, state: "done" }]);
    expect(order.refunded).toBe(6950);
    expect(await toPackCount(handle.db)).toBe(toPack);
    // Shown to the owner as needing attention.
    expect((await viewCounts(handle.db)).attention).toBe(attention + 1);
    const listed = await orderSections(
      handle.db,
      parseOrdersQuery(new URLSearchParams({ view: "attention" })),
    );
    expect(listed.failed.rows.map((o) => o.id)).toContain(order.id);
  });

  test("a refund asked of the provider with no answer for 10 minutes needs the owner's attention", async () => {
    const order = await paidOrder("visa");
    const attention = (await viewCounts(handle.db)).attention;
    // The shop stopped between asking and the answer: the refund is still pending.
    await handle.db.insert(refunds).values({
      orderId: order.id,
      amount: 1000,
      reason: "Returned",
      method: "provider",
      provider: "pesapal",
      state: "pending",
      createdAt: new Date(Date.now() - 11 * 60_000),
    });
    expect((await viewCounts(handle.db)).attention).toBe(attention + 1);
    const listed = await orderSections(
      handle.db,
      parseOrdersQuery(new URLSearchParams({ view: "attention" })),
    );
    expect(listed.completed.rows.map((o) => o.id)).toContain(order.id);
  });

  test("an unpaid order, an unknown one, and a hand refund without its reference are refused", async () => {
    expect(await refusal(refund("00000000-0000-4000-8000-000000000000", { amount: 10 }))).toBe(
      "No such order.",
    );
    expect(await refusal(refund("not-an-id", { amount: 10 }))).toBe("No such order.");
  });

  test("a piece refunded leaves the parcel: the slip, the order's page, the list and the shopper's page read it", async () => {
    const order = await paidOrder();
    await refund(order.id, { lines: [{ line: 0, quantity: 1, restock: true }] });

    // The packing slip: one dress to send, one struck through, the net paid, the warning.
    const slip = (await adminOrder(handle.db, order.id))!;
    expect(slip.packing.map((l) => [l.name, l.size ?? "", l.send, l.refunded])).toEqual([
      ["Zuri Wrap Dress", "M", 1, 1],
      ["Kito Tote Bag", "", 1, 0],
    ]);
    expect(slip).toMatchObject({
      amount: 6950,
      refunded: 2500,
      netPaid: 4450,
      refundLabel: "Partly refunded",
      packingWarning: "Partly refunded: do not pack the struck-through pieces.",
    });

    // The list badges it beside 'To pack'; the order's page marks the same lines.
    const list = await orderSections(handle.db, parseOrdersQuery(new URLSearchParams()));
    const row = list.completed.rows.find((o) => o.id === order.id)!;
    expect([row.fulfilment.label, row.refundLabel]).toEqual(["To pack", "Partly refunded"]);
    const page = (await listed(order.id))!;
    expect(page.packing.map((l) => l.send)).toEqual([1, 1]);
    expect(page.packingWarning).toBe(slip.packingWarning);

    // Staff read what is not packed, not the refunds' reasons, references or who made them.
    const staff = withoutRefundDetails(page);
    expect(staff.refunds).toEqual([]);
    expect(staff).toMatchObject({ refundLabel: "Partly refunded", netPaid: 4450 });
    expect(staff.packing).toEqual(page.packing);

    // The shopper's page marks the line: one of the two dresses refunded.
    const tracked = (await trackedOrder(handle.db, order.trackingToken))!;
    expect(tracked.items.map((i) => [i.name, i.quantity, i.refunded ?? 0])).toEqual([
      ["Zuri Wrap Dress", 2, 1],
      ["Kito Tote Bag", 1, 0],
    ]);

    // The rest given back: nothing is sent.
    await refund(order.id, {
      lines: [
        { line: 0, quantity: 1, restock: false },
        { line: 1, quantity: 1, restock: false },
      ],
      amount: 4450,
    });
    const none = (await adminOrder(handle.db, order.id))!;
    expect(none.packing.map((l) => l.send)).toEqual([0, 0]);
    expect(none).toMatchObject({
      netPaid: 0,
      refundLabel: "Refunded",
      packingWarning: "Refunded in full: do not send this order.",
    });
    expect(
      (await trackedOrder(handle.db, order.trackingToken))!.items.map((i) => i.refunded),
    ).toEqual([2, 1]);
  });

  test("a refund the provider refused takes no piece off the parcel", async () => {
    const order = await paidOrder("visa");
    await refund(order.id, { method: "provider", amount: 100, reference: "" });
    // Pesapal refunds a payment once: this one is refused, and its dress is still packed.
    await refusal(
      refund(order.id, {
        method: "provider",
        reference: "",
        lines: [{ line: 0, quantity: 1, restock: true }],
      }),
    );
    const slip = (await adminOrder(handle.db, order.id))!;
    expect(slip.packing.map((l) => l.send)).toEqual([2, 1]);
    expect(slip.packingWarning).toBe("Partly refunded (money only): pack every piece.");
    expect(
      (await trackedOrder(handle.db, order.trackingToken))!.items.every((i) => !i.refunded),
    ).toBe(true);
  });

  test("the owner reads what a refund would do, and to whom, before it goes: checked as the refund is, nothing made", async () => {
    const order = await paidOrder("visa");
    const ask = {
      orderId: order.id,
      amount: null,
      lines: [{ line: 0, quantity: 1, restock: true }],
      reason: "Too small",
      method: "hand" as const,
      reference: "QGH12XY34Z",
    };
    const phone = `0${order.customerPhone.slice(3, 6)} ${order.customerPhone.slice(6, 9)} ${order.customerPhone.slice(9)}`;
    expect(await previewRefund(services, ask)).toEqual({
      amount: 2500,
      how: "Record a refund you made by hand, reference QGH12XY34Z",
      to: `Akinyi Otieno, ${phone} (the order's phone number)`,
      pieces: [{ name: "Zuri Wrap Dress (M)", quantity: 1, restock: true }],
    });
    expect(
      await previewRefund(services, { ...ask, method: "provider", reference: "" }),
    ).toMatchObject({
      how: "Ask Pesapal to refund the payment",
      to: expect.stringMatching(
        /^Pesapal gives it back to the .+ that paid \(Akinyi Otieno's order\)$/,
      ),
    });
    // Paid from an M-Pesa prompt: the number that paid gets it.
    await handle.db.insert(paymentAttempts).values({
      orderId: order.id,
      number: 9,
      provider: "mpesa-express",
      state: "paid",
      amount: order.amount,
      phone: "254711222333",
    });
    expect((await previewRefund(services, ask)).to).toBe(
      "The M-Pesa number that paid, 0711 222 333 (Akinyi Otieno)",
    );
    // A prompt to the order's own number keeps no number of its own: that one paid.
    await handle.db.insert(paymentAttempts).values({
      orderId: order.id,
      number: 10,
      provider: "mpesa-express",
      state: "paid",
      amount: order.amount,
    });
    expect((await previewRefund(services, ask)).to).toBe(
      `The M-Pesa number that paid, ${phone} (Akinyi Otieno)`,
    );
    // Refused in the refund's own words; and a preview made nothing.
    expect(await refusal(previewRefund(services, { ...ask, amount: 7000 }))).toBe(
      "A refund can be at most KSh 6,950, what is left of the payment.",
    );
    expect(await refusal(previewRefund(services, { ...ask, orderId: "nope" }))).toBe(
      "No such order.",
    );
    expect(await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect((await orderRow(order.id)).refunded).toBe(0);
  });

  test("any refund form on a paid order: a sentence or a confirmation, never an error; nothing made before 'confirm'", async () => {
    const order = await paidOrder("visa");
    const owner = {
      id: ADMIN,
      email: "owner@example.test",
      name: "Owner",
      role: "owner" as const,
      twoFactor: false,
    };
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom("", "0", "1", "2", "-1", "99999999", "1e3", "on", "hand", "provider", "yes"),
    );
    const field = fc.constantFrom(
      "amount",
      "reason",
      "method",
      "reference",
      "lineCount",
      "refund:0",
      "refund:1",
      "refund:7",
      "restock:0",
      "confirm",
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(field, value), { maxLength: 10 }), async (fields) => {
        const form = new FormData();
        form.set("intent", "refund");
        form.set("orderId", order.id);
        for (const [k, v] of fields) form.append(k, v);
        const before = (await orderRow(order.id)).refunded;
        const answer = (await orderAction(services, form, owner)) as unknown;
        // A refused form is data with a 4xx; a confirmation or a refund is plain data.
        const status =
          answer && typeof answer === "object" && "init" in answer
            ? ((answer as { init: { status?: number } | null }).init?.status ?? 200)
            : 200;
        expect(status === 200 || (status >= 400 && status < 500)).toBe(true);
        if (form.get("confirm") !== "yes") {
          expect((await orderRow(order.id)).refunded).toBe(before);
        }
      }),
      { numRuns: 40 },
    );
  });
});
