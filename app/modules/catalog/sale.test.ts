import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceAt, saleEndsText, saleRunning } from "./sale";

const at = (iso: string) => new Date(iso);
const product = {
  price: 3500,
  salePrice: 2800,
  saleStartsAt: at("2026-12-12T00:00:00+03:00"),
  saleEndsAt: at("2026-12-13T00:00:00+03:00"),
};

describe("a sale's window", () => {
  it("runs from its start, inclusive, to its end, exclusive", () => {
    expect(priceAt(product, at("2026-12-11T23:59:59.999+03:00"))).toBe(3500);
    expect(priceAt(product, at("2026-12-12T00:00:00+03:00"))).toBe(2800);
    expect(priceAt(product, at("2026-12-12T23:59:59.999+03:00"))).toBe(2800);
    expect(priceAt(product, at("2026-12-13T00:00:00+03:00"))).toBe(3500);
  });

  it("without a start runs at once, without an end runs for good, without a price never", () => {
    const now = at("2030-01-01T00:00:00Z");
    expect(saleRunning({ ...product, saleStartsAt: null, saleEndsAt: null }, now)).toBe(true);
    expect(saleRunning({ ...product, saleStartsAt: null }, now)).toBe(false);
    expect(
      saleRunning({ ...product, salePrice: null, saleStartsAt: null, saleEndsAt: null }, now),
    ).toBe(false);
  });

  it("never asks more than the price, nor less than the sale price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.date({ noInvalidDate: true })),
        fc.option(fc.date({ noInvalidDate: true })),
        fc.date({ noInvalidDate: true }),
        (price, sale, saleStartsAt, saleEndsAt, now) => {
          const p = { price, salePrice: Math.min(sale, price - 1), saleStartsAt, saleEndsAt };
          const paid = priceAt(p, now);
          expect(paid).toBeLessThanOrEqual(price);
          expect(paid === price || paid === p.salePrice).toBe(true);
        },
      ),
    );
  });
});

describe("saleEndsText", () => {
  it("says the Nairobi day and time, without seconds", () => {
    expect(saleEndsText(new Date("2026-12-01T05:38:18Z"))).toBe(
      "Sale ends Tuesday 1 December, 08:38",
    );
    expect(saleEndsText("2026-12-12T21:00:00Z")).toBe("Sale ends Sunday 13 December, 00:00");
  });
});
