import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { languageFrom } from "~/i18n/messages";
import { expectedDays, formatDay } from "./expected-day";

/** A moment given in Nairobi time (UTC+3). */
const nairobi = (local: string) => new Date(`${local}+03:00`);

describe("expectedDays", () => {
  test("pickup is ready the next working day; Sunday is not one", () => {
    // Thursday 26 November 2026 -> Friday 27.
    expect(expectedDays("pickup", nairobi("2026-11-26T10:00:00"))).toEqual({
      from: "2026-11-27",
      to: "2026-11-27",
    });
    // Saturday -> Monday; Sunday -> Monday.
    expect(expectedDays("pickup", nairobi("2026-11-28T18:00:00")).from).toBe("2026-11-30");
    expect(expectedDays("pickup", nairobi("2026-11-29T09:00:00")).from).toBe("2026-11-30");
  });

  test("a matatu parcel arrives in 1 to 3 working days", () => {
    // Thursday -> Friday to Monday (Sunday skipped).
    expect(expectedDays("matatu", nairobi("2026-11-26T10:00:00"))).toEqual({
      from: "2026-11-27",
      to: "2026-11-30",
    });
  });

  test("a rider comes the same day when paid before 1 pm on a working day, else the next", () => {
    expect(expectedDays("rider", nairobi("2026-11-26T12:59:00")).from).toBe("2026-11-26");
    expect(expectedDays("rider", nairobi("2026-11-26T13:00:00")).from).toBe("2026-11-27");
    expect(expectedDays("rider", nairobi("2026-11-29T09:00:00")).from).toBe("2026-11-30");
    // Late on a Saturday: Monday.
    expect(expectedDays("rider", nairobi("2026-11-28T16:00:00")).from).toBe("2026-11-30");
  });

  test("a payment just after midnight UTC is still the Nairobi day it was", () => {
    // 22:30 UTC on Saturday is 01:30 on Sunday in Nairobi: ready Monday.
    expect(expectedDays("pickup", new Date("2026-11-28T22:30:00Z")).from).toBe("2026-11-30");
  });

  test("whenever the payment, the days are working days, in order, within four days of it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("pickup", "matatu", "rider"),
        fc.date({ min: new Date("2026-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }),
        (method, paidAt) => {
          const { from, to } = expectedDays(method, paidAt);
          for (const day of [from, to]) {
            expect(new Date(`${day}T12:00:00Z`).getUTCDay()).not.toBe(0);
          }
          expect(from <= to).toBe(true);
          const paidDay = Date.parse(
            `${new Date(paidAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 10)}T12:00:00Z`,
          );
          const days = (Date.parse(`${to}T12:00:00Z`) - paidDay) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(0);
          expect(days).toBeLessThanOrEqual(4);
        },
      ),
    );
  });
});

test("formatDay reads as a shopper reads a day, in the page's language", () => {
  expect(formatDay("2026-11-27")).toBe("Friday 27 November");
  languageFrom(() => "sw");
  try {
    expect(formatDay("2026-11-27")).toBe("Ijumaa 27 Novemba");
  } finally {
    languageFrom(() => "en");
  }
});
