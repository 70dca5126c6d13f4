import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { type OrderStatus, orderEvents, orders, products, user } from "~/db/schema";
import {
  changeOrderStatus,
  OrderStatusError,
  orderSections,
  parseOrdersQuery,
} from "~/modules/orders/admin-orders.server";
import { dashboardStats } from "~/modules/orders/dashboard.server";
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
});
