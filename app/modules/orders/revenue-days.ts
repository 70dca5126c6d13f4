import type { DayRevenue } from "~/terms/back-office-views";
import { nairobiDay } from "~/utils/dates";

// The shop's days are Nairobi days (UTC+3, no daylight saving).

export type { DayRevenue };

/** The last `count` Nairobi days up to and including today's, oldest first, as YYYY-MM-DD. */
export function lastDays(now: Date, count: number): string[] {
  const today = nairobiDay(now);
  const base = Date.parse(`${today}T12:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(base - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Every day of the range, with zero where nothing was sold. */
export function fillDays(days: string[], sold: DayRevenue[]): DayRevenue[] {
  const byDay = new Map(sold.map((d) => [d.day, d]));
  return days.map(
    (day) => byDay.get(day) ?? { day, revenue: 0, orders: 0, sales: 0, discounts: 0, refunds: 0 },
  );
}
