import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { countWhere } from "./admin-orders.server";
import { type DayRevenue, fillDays, lastDays } from "./revenue-days";

/** The dashboard's four cards: revenue counts Completed orders only (spec section 9). */
export async function dashboardStats(db: Db) {
  const [orderStats] = await db
    .select({
      totalOrders: count(),
      completedOrders: countWhere(eq(orders.status, "Completed")),
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

/** Completed orders' revenue per Nairobi day over the last `span` days, today included. */
export async function revenueByDay(db: Db, span = 30, now = new Date()): Promise<DayRevenue[]> {
  const days = lastDays(now, span);
  // Midnight in Nairobi (UTC+3) of the first day.
  const since = new Date(`${days[0]}T00:00:00+03:00`);
  const day = sql<string>`to_char((${orders.createdAt} at time zone 'Africa/Nairobi')::date, 'YYYY-MM-DD')`;
  const sold = await db
    .select({
      day,
      revenue: sql<number>`sum(${orders.amount})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.status, "Completed"), gte(orders.createdAt, since)))
    .groupBy(day);
  return fillDays(days, sold);
}
