import { and, count, eq, gte, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { countWhere } from "./admin-orders.server";
import { type DayRevenue, fillDays, lastDays } from "./revenue-days";

const completed = eq(orders.status, "Completed");

/** Shillings summed over Completed orders (spec section 9 counts only those). */
const sumOver = (value: SQL, where: SQL = completed) =>
  sql<number>`coalesce(sum(${value}) filter (where ${where}), 0)`.mapWith(Number);

/**
 * The money of Completed orders, counted apart (decision 46): sales (the goods and delivery
 * before any discount), discounts, refunds (and reversals), and net revenue, what the shop keeps.
 */
const money = {
  sales: sumOver(sql`${orders.amount} + ${orders.discount}`),
  discounts: sumOver(sql`${orders.discount}`),
  refunds: sumOver(sql`${orders.refunded}`),
  revenue: sumOver(sql`${orders.amount} - ${orders.refunded}`),
};

/** The dashboard's cards: Total Revenue is net revenue, with its parts beside it. */
export async function dashboardStats(db: Db) {
  const [orderStats] = await db
    .select({ totalOrders: count(), completedOrders: countWhere(completed), ...money })
    .from(orders);
  const [productStats] = await db.select({ n: count() }).from(products);
  return {
    revenue: orderStats?.revenue ?? 0,
    sales: orderStats?.sales ?? 0,
    discounts: orderStats?.discounts ?? 0,
    refunds: orderStats?.refunds ?? 0,
    totalOrders: orderStats?.totalOrders ?? 0,
    totalProducts: productStats?.n ?? 0,
    completedOrders: orderStats?.completedOrders ?? 0,
  };
}

/** Completed orders' money per Nairobi day (of the order) over the last `span` days, today included. */
export async function revenueByDay(db: Db, span = 30, now = new Date()): Promise<DayRevenue[]> {
  const days = lastDays(now, span);
  // Midnight in Nairobi (UTC+3) of the first day.
  const since = new Date(`${days[0]}T00:00:00+03:00`);
  const day = sql<string>`to_char((${orders.createdAt} at time zone 'Africa/Nairobi')::date, 'YYYY-MM-DD')`;
  const sold = await db
    .select({ day, ...money, orders: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(completed, gte(orders.createdAt, since)))
    .groupBy(day);
  return fillDays(days, sold);
}
