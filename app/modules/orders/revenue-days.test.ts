import { describe, expect, it } from "vitest";
import { fillDays, lastDays } from "./revenue-days";

describe("revenue days", () => {
  it("counts days in Nairobi time: 22:30 UTC is already the next day", () => {
    expect(lastDays(new Date("2026-03-01T22:30:00Z"), 3)).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(lastDays(new Date("2026-03-01T20:59:00Z"), 1)).toEqual(["2026-03-01"]);
  });

  it("gives 30 consecutive days across a month end", () => {
    const days = lastDays(new Date("2026-03-10T09:00:00Z"), 30);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-02-09");
    expect(days.at(-1)).toBe("2026-03-10");
  });

  it("fills the days without sales with zero", () => {
    expect(
      fillDays(
        ["2026-03-01", "2026-03-02"],
        [
          {
            day: "2026-03-02",
            revenue: 2500,
            orders: 1,
            sales: 3000,
            discounts: 300,
            refunds: 200,
          },
        ],
      ),
    ).toEqual([
      { day: "2026-03-01", revenue: 0, orders: 0, sales: 0, discounts: 0, refunds: 0 },
      { day: "2026-03-02", revenue: 2500, orders: 1, sales: 3000, discounts: 300, refunds: 200 },
    ]);
  });
});
