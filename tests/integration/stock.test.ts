import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orders, productStock, products, refunds, stockMovements, user } from "~/db/schema";
import { changeOrderStatus } from "~/flows/change-order-status.server";
import {
  holdPieces,
  releasePieces,
  sellHeldPieces,
  sellReleasedPieces,
} from "~/flows/order-stock.server";
import { placeOrder } from "~/flows/place-order.server";
import { reconcilePendingOrders } from "~/flows/reconcile-payments.server";
import { settleOrder } from "~/flows/settle-payment.server";
import { CheckoutError, type RequestedItem } from "~/modules/checkout/pricing";
import { NotEnoughStockError, setStock } from "~/modules/inventory/stock.server";
import { DEFAULT_HOLD_LIMITS } from "~/modules/inventory/stock-rules";
import { orderSections, parseOrdersQuery } from "~/modules/orders/admin-orders.server";
import type { PesapalClient } from "~/modules/payments/pesapal/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { bothDatabases as databases } from "../setup/databases";
import { orderOf as storedOrder, eventsOf as timelineOf } from "../setup/orders";
import { payAt, startPesapalShop } from "../setup/pesapal";
import { testShop } from "../setup/services";

const form = {
  name: "Akinyi Otieno",
  phone: "0712345678",
  email: "akinyi@example.co.ke",
  deliveryMethod: "pickup",
  pickupLocation: "Milele Mall",
  address: "",
  city: "",
  notes: "",
};
const DRESS = "Zuri Kitenge Wrap Dress";
const BAG = "Kito Ankara Tote Bag";

/** A phone number of the running test's own, so one test's holds never count against another's. */
const testPhone = () => {
  let hash = 0;
  for (const c of expect.getState().currentTestName ?? "")
    hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `07${String(hash % 100_000_000).padStart(8, "0")}`;
};

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("timed out waiting");
};

describe.each(databases)("stock held while a payment is open, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let pesapal: Awaited<ReturnType<typeof startPesapalShop>>;
  let client: PesapalClient;
  let products_ = 0;
  const ADMIN = "stock-admin";

  /** A new product per test, so each starts from its own shelf. */
  const newProduct = async (name: string, sizes: string[], price = 2500) => {
    const id = `97${String(products_++).padStart(2, "0")}`;
    await handle.db
      .insert(products)
      .values({ id, name, description: "d", category: "dresses", price, sizes });
    return id;
  };
  const stock = (productId: string, size: string, quantity: number) =>
    setStock(handle.db, { productId, size, quantity, adminId: ADMIN });
  const onShelf = async (productId: string, size: string) =>
    (
      await handle.db
        .select({ quantity: productStock.quantity })
        .from(productStock)
        .where(and(eq(productStock.productId, productId), eq(productStock.size, size)))
    )[0]?.quantity;
  const ledger = async (productId: string, size: string) => {
    const rows = await handle.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, productId), eq(stockMovements.size, size)))
      .orderBy(stockMovements.id);
    return { rows, sum: rows.reduce((s, r) => s + r.change, 0) };
  };
  const movementsOf = async (orderId: string) =>
    (
      await handle.db
        .select()
        .from(stockMovements)
        .where(eq(stockMovements.orderId, orderId))
        .orderBy(stockMovements.id)
    ).map((m) => `${m.kind} ${m.change}`);
  const orderOf = (id: string) => storedOrder(handle.db, id);
  const eventsOf = (id: string) => timelineOf(handle.db, id);
  const checkout = (
    items: RequestedItem[],
    overrides: Partial<Parameters<typeof placeOrder>[2]> = {},
    provider: PesapalClient = client,
  ) =>
    placeOrder(handle, new PaymentProviders([provider]), {
      // Each test is its own shopper (a phone number of its own), at the shop's default limits.
      form: { ...form, phone: testPhone() },
      items,
      cartId: null,
      publicUrl: "http://localhost:3000",
      shopName: "Amani Prints",
      // The fees these tests count on, whatever the subtotal.
      freeDeliveryOver: 0,
      ...overrides,
    });
  const control = payAt;
  const settle = async (orderId: string) =>
    settleOrder(
      testShop(handle.db, new PaymentProviders([client])),
      { provider: "pesapal", reference: (await orderOf(orderId)).paymentReference! },
      "callback",
    );
  /** The hold ran out: as if STOCK_HOLD_MINUTES had passed since the checkout. */
  const expireHold = (orderId: string) =>
    handle.db
      .update(orders)
      .set({ stockHeldUntil: sql`now() - interval '1 second'` })
      .where(eq(orders.id, orderId));
  const reconcile = () =>
    reconcilePendingOrders(testShop(handle.db, new PaymentProviders([client])));

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(user).values({ id: ADMIN, name: "Owner", email: "owner@example.test" });
    pesapal = await startPesapalShop(handle);
    ({ client } = pesapal);
  });

  afterAll(async () => {
    await pesapal?.close();
    await handle?.dispose();
  });

  test("50 concurrent checkouts for a size with 3 pieces, at the shop's defaults: 3 Pending orders, 47 told someone is paying; a failed payment returns exactly 1", async () => {
    const dress = await newProduct(DRESS, ["S", "M", "L"]);
    await stock(dress, "M", 3);
    await stock(dress, "L", 5);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        checkout([{ productId: dress, size: "M", quantity: 1 }], {
          // Fifty shoppers, each with a phone of their own, from a few networks; half without a
          // cart (the bare API), half from 25 different carts.
          form: { ...form, phone: `07${String(20_000_000 + i)}` },
          clientAddress: `10.50.0.${i % 5}`,
          cartId: i % 2 ? randomUUID() : null,
        }),
      ),
    );
    const placed = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const error of refused) {
      expect(error).toBeInstanceOf(CheckoutError);
      expect(error).toMatchObject({
        status: 409,
        message:
          "Someone is paying for the last one. Try again in a few minutes, or choose another size.",
      });
    }
    // Nobody refused reached a payment page: the provider was asked for exactly three.
    const asked = await handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        sql`${orders.items} @> ${JSON.stringify([{ productId: dress }])}::jsonb and ${orders.paymentReference} is not null`,
      );
    expect(asked).toHaveLength(3);
    const pending = await handle.db
      .select({ id: orders.id, state: orders.stockState })
      .from(orders)
      .where(sql`${orders.items} @> ${JSON.stringify([{ productId: dress }])}::jsonb`);
    expect(pending).toHaveLength(3);
    expect(pending.every((o) => o.state === "held")).toBe(true);
    expect(await onShelf(dress, "M")).toBe(0);
    const m = await ledger(dress, "M");
    expect(m.sum).toBe(0);
    expect(m.rows.map((r) => `${r.kind} ${r.change}`)).toEqual([
      "adjusted 3",
      "held -1",
      "held -1",
      "held -1",
    ]);
    // The other size is untouched.
    expect(await onShelf(dress, "L")).toBe(5);

    const failing = placed[0]!;
    await control(failing.redirectUrl, "fail");
    await until(async () => (await orderOf(failing.orderId)).status === "Failed");
    expect(await onShelf(dress, "M")).toBe(1);
    expect((await ledger(dress, "M")).sum).toBe(1);
    expect(await movementsOf(failing.orderId)).toEqual(["held -1", "released 1"]);
    expect((await orderOf(failing.orderId)).stockState).toBe("released");
    // The same failure heard again gives nothing back twice.
    await settle(failing.orderId);
    expect(await onShelf(dress, "M")).toBe(1);
  });

  test("a line the shelf cannot fill creates nothing and says how many are left", async () => {
    const dress = await newProduct(DRESS, ["S", "M"]);
    const bag = await newProduct(BAG, []);
    await stock(dress, "M", 2);
    await stock(bag, "", 4);
    const before = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    await expect(
      checkout([
        { productId: bag, size: "", quantity: 1 },
        { productId: dress, size: "M", quantity: 3 },
      ]),
    ).rejects.toMatchObject({
      status: 409,
      message: `Only 2 left of ${DRESS} in size M. Please lower the quantity in your cart.`,
    });
    expect(await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual(before);
    expect(await onShelf(bag, "")).toBe(4);
    expect(await onShelf(dress, "M")).toBe(2);
    // Past the first look (another shopper took the units in between): the bag taken in the
    // same transaction goes back with it.
    const [order] = await handle.db
      .insert(orders)
      .values({
        amount: 1,
        items: [
          { productId: bag, name: BAG, quantity: 1, price: 1 },
          { productId: dress, name: DRESS, size: "M", quantity: 3, price: 1 },
        ],
        customerName: "A",
        customerPhone: "254712345678",
        customerEmail: "a@example.test",
      })
      .returning();
    await expect(
      handle.db.transaction((tx) =>
        holdPieces(tx, order!, { minutes: 30, limits: DEFAULT_HOLD_LIMITS }),
      ),
    ).rejects.toBeInstanceOf(NotEnoughStockError);
    expect(await onShelf(bag, "")).toBe(4);
    expect(await movementsOf(order!.id)).toEqual([]);
    // An untracked size (S) sells as it always did, beside tracked ones.
    const { orderId } = await checkout([
      { productId: dress, size: "S", quantity: 7 },
      { productId: bag, size: "", quantity: 4 },
    ]);
    expect(await onShelf(bag, "")).toBe(0);
    expect(await movementsOf(orderId)).toEqual(["held -4"]);
  });

  test("a paid hold becomes the sale; the same checkout again takes nothing twice", async () => {
    const bag = await newProduct(BAG, [], 600);
    await stock(bag, "", 2);
    const cartId = randomUUID();
    const items = [{ productId: bag, size: "", quantity: 1 }];
    const [first, ...again] = await Promise.all(
      Array.from({ length: 4 }, () => checkout(items, { cartId })),
    );
    expect(new Set([first, ...again].map((r) => r!.orderId)).size).toBe(1);
    expect((await checkout(items, { cartId })).orderId).toBe(first!.orderId);
    expect(await onShelf(bag, "")).toBe(1);
    await control(first!.redirectUrl, "complete", { sendIpn: false });
    expect(await settle(first!.orderId)).toMatchObject({ status: "Completed" });
    expect(await onShelf(bag, "")).toBe(1);
    expect(await movementsOf(first!.orderId)).toEqual(["held -1", "sold 0"]);
    expect((await orderOf(first!.orderId)).stockState).toBe("sold");
    expect((await ledger(bag, "")).sum).toBe(1);
  });

  test("a provider that cannot be reached fails the order and returns its pieces; the same checkout again takes them again, or names the line", async () => {
    const bag = await newProduct(BAG, [], 600);
    await stock(bag, "", 1);
    const unreachable = pesapal.newClient({ baseUrl: "http://127.0.0.1:9/pesapal" });
    const items = [{ productId: bag, size: "", quantity: 1 }];
    const cartId = randomUUID();
    await expect(checkout(items, { cartId }, unreachable)).rejects.toThrow(CheckoutError);
    const [failed] = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(failed).toMatchObject({ status: "Failed", stockState: "released" });
    expect(await onShelf(bag, "")).toBe(1);

    // Resumed: the piece is taken again for the same order.
    const resumed = await checkout(items, { cartId });
    expect(resumed.orderId).toBe(failed!.id);
    expect(await onShelf(bag, "")).toBe(0);
    expect(await movementsOf(failed!.id)).toEqual(["held -1", "released 1", "held -1"]);

    // Another cart's order fails at the provider; someone else buys the piece meanwhile: its
    // retry is refused with the line, and the order stays Failed.
    const other = await newProduct(DRESS, ["M"]);
    await stock(other, "M", 1);
    const otherCart = randomUUID();
    const line = [{ productId: other, size: "M", quantity: 1 }];
    await expect(checkout(line, { cartId: otherCart }, unreachable)).rejects.toThrow(CheckoutError);
    await checkout(line);
    await expect(checkout(line, { cartId: otherCart })).rejects.toMatchObject({
      status: 409,
      message:
        "Someone is paying for the last one. Try again in a few minutes, or choose another size.",
    });
    const [stillFailed] = await handle.db.select().from(orders).where(eq(orders.cartId, otherCart));
    expect(stillFailed).toMatchObject({ status: "Failed", stockState: "released" });
    expect(await onShelf(other, "M")).toBe(0);
    expect((await ledger(other, "M")).sum).toBe(0);
  });

  test("the hold lasts STOCK_HOLD_MINUTES; unpaid by then, the reconciliation puts the pieces back and the order stays Pending", async () => {
    const dress = await newProduct(DRESS, ["M"]);
    await stock(dress, "M", 2);
    const { orderId } = await checkout([{ productId: dress, size: "M", quantity: 2 }], {
      hold: { minutes: 45, limits: DEFAULT_HOLD_LIMITS },
    });
    const placed = await orderOf(orderId);
    const minutes = (placed.stockHeldUntil!.getTime() - placed.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(44.9);
    expect(minutes).toBeLessThan(45.1);
    // Not yet due: nothing moves.
    await reconcile();
    expect(await onShelf(dress, "M")).toBe(0);

    await expireHold(orderId);
    await reconcile();
    expect(await onShelf(dress, "M")).toBe(2);
    expect(await orderOf(orderId)).toMatchObject({ status: "Pending", stockState: "released" });
    expect(await eventsOf(orderId)).toEqual(["created", "payment_requested", "stock_released"]);
    // Once only.
    await reconcile();
    expect(await movementsOf(orderId)).toEqual(["held -2", "released 2"]);
  });

  test("a hold whose payment completed in time is sold, not released, when it runs out", async () => {
    const bag = await newProduct(BAG, [], 600);
    await stock(bag, "", 3);
    const { orderId, redirectUrl } = await checkout([{ productId: bag, size: "", quantity: 1 }]);
    // Paid, but the notification was lost.
    await control(redirectUrl, "complete", { sendIpn: false });
    await expireHold(orderId);
    await reconcile();
    expect(await orderOf(orderId)).toMatchObject({ status: "Completed", stockState: "sold" });
    expect(await onShelf(bag, "")).toBe(2);
    expect(await movementsOf(orderId)).toEqual(["held -1", "sold 0"]);
  });

  test("a payment completing after its hold was released takes the pieces again when they are there", async () => {
    const dress = await newProduct(DRESS, ["M"]);
    await stock(dress, "M", 3);
    const { orderId, redirectUrl } = await checkout([{ productId: dress, size: "M", quantity: 2 }]);
    await expireHold(orderId);
    await reconcile();
    expect(await onShelf(dress, "M")).toBe(3);
    await control(redirectUrl, "complete", { sendIpn: false });
    expect(await settle(orderId)).toMatchObject({ status: "Completed" });
    expect(await onShelf(dress, "M")).toBe(1);
    expect(await orderOf(orderId)).toMatchObject({ stockState: "sold", stockShort: null });
    expect(await movementsOf(orderId)).toEqual(["held -2", "released 2", "sold -2"]);
    expect(await eventsOf(orderId)).toContain("stock_taken_again");
    expect((await ledger(dress, "M")).sum).toBe(1);
  });

  test("a sold-out size is named as sold out once nobody is paying for it; one shopper past the pieces they may hold is refused before any payment", async () => {
    const dress = await newProduct(DRESS, ["M"]);
    await stock(dress, "M", 40);
    const phone = "0798765432";
    // One order may set aside at most 30 pieces while it is paid for.
    await expect(
      checkout([{ productId: dress, size: "M", quantity: 31 }], { form: { ...form, phone } }),
    ).rejects.toMatchObject({
      status: 429,
      message:
        "One order can set aside at most 30 pieces while it is paid for. Please order fewer pieces at a time, or contact us.",
    });
    // The same phone's unpaid orders together: 20 held, 11 more would pass 30.
    await checkout([{ productId: dress, size: "M", quantity: 20 }], { form: { ...form, phone } });
    await expect(
      checkout([{ productId: dress, size: "M", quantity: 11 }], {
        form: { ...form, phone },
        cartId: randomUUID(),
      }),
    ).rejects.toMatchObject({
      status: 429,
      message:
        "Too many pieces are waiting for payment from this cart, phone number or connection. Please finish the payment you started, or try again in a few minutes.",
    });
    expect(await onShelf(dress, "M")).toBe(20);
    // Another shopper buys the other 20 and pays: then the size is plainly sold out.
    const other = await checkout([{ productId: dress, size: "M", quantity: 20 }]);
    await control(other.redirectUrl, "complete", { sendIpn: false });
    await settle(other.orderId);
    const { orderId } = (
      await handle.db
        .select({ orderId: orders.id })
        .from(orders)
        .where(
          sql`${orders.items} @> ${JSON.stringify([{ productId: dress }])}::jsonb and ${orders.customerPhone} = '254798765432'`,
        )
    )[0]!;
    await expireHold(orderId);
    await reconcile();
    expect(await onShelf(dress, "M")).toBe(20);
    await checkout([{ productId: dress, size: "M", quantity: 20 }], {
      form: { ...form, phone: "0711111111" },
    });
    await expect(checkout([{ productId: dress, size: "M", quantity: 1 }])).rejects.toMatchObject({
      message:
        "Someone is paying for the last one. Try again in a few minutes, or choose another size.",
    });
  });

  test("a payment completing after its pieces went to someone else is paid, flagged 'Oversold: needs attention' with the short lines, and what is missing is refunded at once", async () => {
    const dress = await newProduct(DRESS, ["M"]);
    await stock(dress, "M", 2);
    const late = await checkout([{ productId: dress, size: "M", quantity: 2 }]);
    await expireHold(late.orderId);
    await reconcile();
    // Another shopper takes one of the two meanwhile.
    await checkout([{ productId: dress, size: "M", quantity: 1 }]);
    expect(await onShelf(dress, "M")).toBe(1);

    await control(late.redirectUrl, "complete", { sendIpn: false, method: "visa" });
    expect(await settle(late.orderId)).toMatchObject({ status: "Completed" });
    const paid = await orderOf(late.orderId);
    expect(paid.stockShort).toEqual([
      { productId: dress, name: DRESS, size: "M", quantity: 2, short: 1 },
    ]);
    // What was there went to the paid order; never below zero.
    expect(await onShelf(dress, "M")).toBe(0);
    expect(await movementsOf(late.orderId)).toEqual(["held -2", "released 2", "sold -1"]);
    expect((await ledger(dress, "M")).sum).toBe(0);
    expect(await eventsOf(late.orderId)).toContain("stock_oversold");
    // The missing piece's worth went back through Pesapal, once, whatever settles it again.
    await settle(late.orderId);
    const given = await handle.db.select().from(refunds).where(eq(refunds.orderId, late.orderId));
    expect(given).toMatchObject([
      {
        amount: 2500,
        method: "provider",
        state: "done",
        reason: "Sold out before the payment completed",
        lines: [{ line: 0, quantity: 1, restock: false }],
      },
    ]);
    expect((await orderOf(late.orderId)).refunded).toBe(2500);
    expect(await eventsOf(late.orderId)).toEqual(
      expect.arrayContaining(["short_refund_tried", "refund_requested", "refund_completed"]),
    );
    expect(await onShelf(dress, "M")).toBe(0);

    const listed = await orderSections(handle.db, parseOrdersQuery(new URLSearchParams()));
    const row = listed.completed.rows.find((r) => r.id === late.orderId);
    expect(row?.oversold).toEqual([
      { productId: dress, name: DRESS, size: "M", quantity: 2, short: 1 },
    ]);
  });

  test("an admin setting an unpaid order to Failed puts its pieces back, recorded with the admin", async () => {
    const dress = await newProduct(DRESS, ["L"]);
    await stock(dress, "L", 4);
    const { orderId } = await checkout([{ productId: dress, size: "L", quantity: 3 }]);
    expect(await onShelf(dress, "L")).toBe(1);
    await changeOrderStatus(handle.db, { orderId, status: "Processing", adminId: ADMIN });
    expect(await onShelf(dress, "L")).toBe(1);
    await changeOrderStatus(handle.db, { orderId, status: "Failed", adminId: ADMIN });
    expect(await onShelf(dress, "L")).toBe(4);
    const [released] = await handle.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, "released")));
    expect(released).toMatchObject({ change: 3, adminId: ADMIN, quantityAfter: 4 });
  });

  test("an order never sent to its provider is failed after 10 minutes, and its pieces go back", async () => {
    const bag = await newProduct(BAG, [], 600);
    await stock(bag, "", 2);
    const [order] = await handle.db
      .insert(orders)
      .values({
        amount: 600,
        items: [{ productId: bag, name: BAG, quantity: 1, price: 600 }],
        customerName: "A",
        customerPhone: "254712345678",
        customerEmail: "a@example.test",
        createdAt: new Date(Date.now() - 11 * 60_000),
      })
      .returning();
    await handle.db.transaction((tx) =>
      holdPieces(tx, order!, { minutes: 30, limits: DEFAULT_HOLD_LIMITS }),
    );
    expect(await onShelf(bag, "")).toBe(1);
    await reconcile();
    expect(await orderOf(order!.id)).toMatchObject({ status: "Failed", stockState: "released" });
    expect(await onShelf(bag, "")).toBe(2);
  });

  test("after any sequence of holds, releases, sales and admin changes, stock equals its ledger and never goes below zero", async () => {
    const SIZES = ["S", "M"] as const;
    type Op =
      | { kind: "hold"; size: (typeof SIZES)[number]; quantity: number }
      | { kind: "release" | "sell" | "expire-then-sell"; pick: number }
      | { kind: "adjust"; size: (typeof SIZES)[number]; quantity: number };
    const size = fc.constantFrom(...SIZES);
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant("hold" as const),
        size,
        quantity: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({
        kind: fc.constantFrom("release" as const, "sell" as const, "expire-then-sell" as const),
        pick: fc.nat(),
      }),
      fc.record({ kind: fc.constant("adjust" as const), size, quantity: fc.nat({ max: 6 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const product = await newProduct(DRESS, [...SIZES]);
        await stock(product, "S", 3);
        await stock(product, "M", 1);
        const open: string[] = [];
        const released: string[] = [];
        for (const o of ops) {
          if (o.kind === "hold") {
            const [order] = await handle.db
              .insert(orders)
              .values({
                amount: 1,
                items: [
                  { productId: product, name: DRESS, size: o.size, quantity: o.quantity, price: 1 },
                ],
                customerName: "A",
                customerPhone: "254712345678",
                customerEmail: "a@example.test",
              })
              .returning();
            try {
              // Every order here is one shopper's: the ledger is the subject, not their limit.
              await handle.db.transaction((tx) =>
                holdPieces(tx, order!, {
                  minutes: 30,
                  limits: { perShopper: 100_000, perAddressPercent: 100 },
                }),
              );
              open.push(order!.id);
            } catch (error) {
              if (!(error instanceof NotEnoughStockError)) throw error;
            }
          } else if (o.kind === "adjust") {
            await stock(product, o.size, o.quantity);
          } else if (o.kind === "release" && open.length) {
            const [id] = open.splice(o.pick % open.length, 1);
            await handle.db.transaction((tx) => releasePieces(tx, id!, "payment failed"));
            released.push(id!);
          } else if (o.kind === "sell" && open.length) {
            const [id] = open.splice(o.pick % open.length, 1);
            await handle.db.transaction((tx) => sellHeldPieces(tx, id!));
          } else if (o.kind === "expire-then-sell" && released.length) {
            const [id] = released.splice(o.pick % released.length, 1);
            const order = await orderOf(id!);
            await handle.db.transaction((tx) => sellReleasedPieces(tx, order));
          }
          for (const s of SIZES) {
            const quantity = await onShelf(product, s);
            const { sum, rows } = await ledger(product, s);
            expect(quantity).toBeGreaterThanOrEqual(0);
            expect(quantity).toBe(sum);
            expect(rows.every((r) => r.quantityAfter >= 0)).toBe(true);
            expect(rows.at(-1)?.quantityAfter).toBe(quantity);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
