import { and, desc, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { type OrderStatus, orderEvents, orders, products, user } from "~/db/schema";
import { changeOrderStatus } from "~/flows/change-order-status.server";
import {
  adminOrderPage,
  orderSections,
  ordersForExport,
  parseOrdersQuery,
} from "~/modules/orders/admin-orders.server";
import { dashboardStats, revenueByDay } from "~/modules/orders/dashboard.server";
import { OrderStatusError } from "~/modules/orders/order-status.server";
import { csvLine } from "~/modules/orders/orders-csv";
import { databases } from "../setup/databases";

const order = (status: OrderStatus, amount: number, minutesAgo: number) => ({
  status,
  amount,
  items: [{ name: "Kitenge Wrap Dress", quantity: 1, price: amount }],
  customerName: `Customer ${status} ${amount}`,
  customerPhone: "254712345678",
  customerEmail: "c@example.com",
  createdAt: new Date(Date.now() - minutesAgo * 60_000),
});

describe.each(databases)("the orders tab and stats, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  beforeAll(async () => {
    handle = await database.open();
    await handle.db
      .insert(user)
      .values({ id: "admin-1", name: "Owner", email: "owner@example.com" });
    await handle.db
      .insert(products)
      .values({ id: "9001", name: "Dress", description: "d", category: "dresses", price: 1000 });
    await handle.db
      .insert(orders)
      .values([
        order("Completed", 2500, 1),
        order("Completed", 1500, 2),
        order("Failed", 9000, 3),
        ...Array.from({ length: 25 }, (_, i) =>
          order(i % 2 ? "Pending" : "Processing", 100, 10 + i),
        ),
      ]);
  });
  afterAll(() => handle?.dispose());

  test("revenue sums Completed orders only; the cards count orders and products", async () => {
    expect(await dashboardStats(handle.db)).toEqual({
      revenue: 4000,
      sales: 4000,
      discounts: 0,
      refunds: 0,
      totalOrders: 28,
      totalProducts: 1,
      completedOrders: 2,
    });
  });

  test("sections count the whole filter and page on their own, newest first by default", async () => {
    const all = await orderSections(handle.db, parseOrdersQuery(new URLSearchParams()));
    expect([all.completed.total, all.failed.total, all.other.total]).toEqual([2, 1, 25]);
    expect(all.other.rows).toHaveLength(20);
    expect(all.completed.rows.map((r) => r.amount)).toEqual([2500, 1500]);
    const page2 = await orderSections(
      handle.db,
      parseOrdersQuery(new URLSearchParams("otherPage=2&sort=oldest")),
    );
    expect(page2.other.rows).toHaveLength(5);
    expect(page2.completed.rows.map((r) => r.amount)).toEqual([1500, 2500]);
    const pending = await orderSections(
      handle.db,
      parseOrdersQuery(new URLSearchParams("status=Pending")),
    );
    expect([pending.completed.total, pending.failed.total, pending.other.total]).toEqual([
      0, 0, 12,
    ]);
    expect(pending.other.rows[0]!.paymentMethod).toBe("N/A");
  });

  test("an admin changes an open order's status, recorded with who did it; Completed and Failed keep theirs", async () => {
    const [open] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.status, "Pending"))
      .limit(1);
    expect(
      await changeOrderStatus(handle.db, {
        orderId: open!.id,
        status: "Shipped",
        adminId: "admin-1",
      }),
    ).toBe("Shipped");
    const events = await handle.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, open!.id));
    expect(events).toMatchObject([
      { kind: "status_changed", adminId: "admin-1", details: { from: "Pending", to: "Shipped" } },
    ]);
    const [done] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.status, "Completed"))
      .limit(1);
    await expect(
      changeOrderStatus(handle.db, { orderId: done!.id, status: "Pending", adminId: "admin-1" }),
    ).rejects.toThrow(OrderStatusError);
    await expect(
      changeOrderStatus(handle.db, { orderId: open!.id, status: "Lost", adminId: "admin-1" }),
    ).rejects.toThrow(OrderStatusError);
    await expect(
      changeOrderStatus(handle.db, {
        orderId: "not-a-uuid",
        status: "Shipped",
        adminId: "admin-1",
      }),
    ).rejects.toThrow(OrderStatusError);
  });
  test("revenue per Nairobi day: Completed orders only, every one of the 30 days present", async () => {
    const now = new Date();
    const days = await revenueByDay(handle.db, 30, now);
    expect(days).toHaveLength(30);
    expect(days.reduce((sum, d) => sum + d.revenue, 0)).toBe(4000);
    expect(days.reduce((sum, d) => sum + d.orders, 0)).toBe(2);
    // An old completed order falls outside the window.
    await handle.db.insert(orders).values({
      ...order("Completed", 7000, 60 * 24 * 40),
    });
    const again = await revenueByDay(handle.db, 30, now);
    expect(again.reduce((sum, d) => sum + d.revenue, 0)).toBe(4000);
    await handle.db.delete(orders).where(eq(orders.amount, 7000));
  });

  test("the export has every order the filter shows, in its order, across batches", async () => {
    const lines: string[] = [];
    const query = parseOrdersQuery(new URLSearchParams("status=Pending&sort=oldest"));
    for await (const batch of ordersForExport(handle.db, query, 5))
      lines.push(...batch.map(csvLine));
    const pending = await handle.db.select().from(orders).where(eq(orders.status, "Pending"));
    expect(lines).toHaveLength(pending.length);
    const ids = lines.map((l) => l.split(",")[0]);
    const expected = pending
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((o) => o.id);
    expect(ids).toEqual(expected);
  });

  test("the export keeps each order once across batches: same-millisecond orders, and an order placed meanwhile", async () => {
    // Four orders in one millisecond, apart only in microseconds (a JavaScript Date would
    // round them together), and two at the very same instant (ordered by id).
    const stamps = ["123456", "123400", "123300", "123300", "123300", "123100"];
    const made = await handle.db
      .insert(orders)
      .values(
        stamps.map((micros) => ({
          ...order("Shipped", 4242, 0),
          createdAt: sql`${`2026-03-01 10:00:00.${micros}+00`}::timestamptz`,
        })),
      )
      .returning({ id: orders.id });
    try {
      const query = parseOrdersQuery(new URLSearchParams("status=Shipped"));
      const sent: string[] = [];
      let placedMeanwhile: string | undefined;
      for await (const batch of ordersForExport(handle.db, query, 2)) {
        sent.push(...batch.map((o) => o.id));
        if (!placedMeanwhile) {
          // A new order arrives while the export is running: newest first, it belongs before
          // everything already sent, so it must neither appear nor push a row into a second line.
          const [late] = await handle.db
            .insert(orders)
            .values({ ...order("Shipped", 4242, 0), createdAt: new Date() })
            .returning({ id: orders.id });
          placedMeanwhile = late!.id;
        }
      }
      const expected = await handle.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "Shipped"), ne(orders.id, placedMeanwhile!)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      expect(sent).toEqual(expected.map((o) => o.id));
      expect(new Set(sent).size).toBe(sent.length);
      for (const { id } of made) expect(sent).toContain(id);
    } finally {
      await handle.db.delete(orders).where(eq(orders.amount, 4242));
    }
  });

  test("an order's page carries its timeline, with the admin who changed it; the list carries none", async () => {
    const sections = await orderSections(
      handle.db,
      parseOrdersQuery(new URLSearchParams("status=Shipped")),
    );
    const listed = sections.other.rows[0]!;
    expect(listed).not.toHaveProperty("timeline");
    expect(listed).not.toHaveProperty("messages");
    const shipped = (await adminOrderPage(handle.db, listed.id))!;
    expect(shipped.timeline).toMatchObject([
      { kind: "status_changed", admin: "owner@example.com", details: { to: "Shipped" } },
    ]);
  });
});
