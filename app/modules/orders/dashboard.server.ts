import { count, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, products } from "~/db/schema";

/** The dashboard's four cards: revenue counts Completed orders only (spec section 9). */
export async function dashboardStats(db: Db) {
  const [orderStats] = await db
    .select({
      totalOrders: count(),
      completedOrders: sql<number>`count(*) filter (where ${orders.status} = 'Completed')`.mapWith(
        Number,
      ),
      revenue:
        sql<number>`coalesce(sum(${orders.amount}) filter (where ${orders.status} = 'Completed'), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders);
  const [productStats] = await db.select({ n: count() }).from(products);
  return {
    revenue: orderStats?.revenue ?? 0,
    totalOrders: orderStats?.totalOrders ?? 0,
    totalProducts: productStats?.n ?? 0,
    completedOrders: orderStats?.completedOrders ?? 0,
  };
}
