import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deliveryFee, orderTotal } from "~/modules/checkout/delivery";
import { CODE_MESSAGES, type DiscountCode, normaliseCode, offerFor } from "./code-rules";

const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  code: "JAMHURI10",
  kind: "percent",
  value: 10,
  minOrder: 0,
  startsAt: null,
  endsAt: null,
  categories: [],
  active: true,
  ...over,
});
const now = new Date("2026-12-12T09:00:00+03:00");
const dress = { price: 3333, quantity: 1, category: "dresses" };
const bag = { price: 1800, quantity: 2, category: "bags" };

describe("discount codes", () => {
  it("a percentage of the goods, rounded to whole shillings", () => {
    expect(offerFor(code(), [dress], now)).toEqual({
      ok: true,
      offer: { code: "JAMHURI10", discount: 333, freeDelivery: false },
    });
    expect(offerFor(code({ value: 15 }), [{ ...dress, price: 3330 }], now)).toMatchObject({
      offer: { discount: 500 },
    });
  });

  it("a fixed amount never takes more than the goods it applies to", () => {
    expect(offerFor(code({ kind: "amount", value: 500 }), [dress], now)).toMatchObject({
      offer: { discount: 500 },
    });
    expect(offerFor(code({ kind: "amount", value: 5000 }), [dress], now)).toMatchObject({
      offer: { discount: 3333 },
    });
  });

  it("limited to categories, only their lines count; none of them, a sentence", () => {
    const bags = code({ categories: ["bags"], value: 50 });
    expect(offerFor(bags, [dress, bag], now)).toMatchObject({ offer: { discount: 1800 } });
    expect(offerFor(bags, [dress], now)).toEqual({
      ok: false,
      error: CODE_MESSAGES.nothingEligible,
    });
  });

  it("says why a code does not apply", () => {
    expect(offerFor(null, [dress], now)).toEqual({ ok: false, error: CODE_MESSAGES.unknown });
    expect(offerFor(code({ active: false }), [dress], now)).toEqual({
      ok: false,
      error: CODE_MESSAGES.unknown,
    });
    expect(
      offerFor(code({ startsAt: new Date("2026-12-12T10:00:00+03:00") }), [dress], now),
    ).toEqual({
      ok: false,
      error: "This code is not active yet.",
    });
    expect(offerFor(code({ endsAt: now }), [dress], now)).toEqual({
      ok: false,
      error: "This code has expired.",
    });
    expect(offerFor(code({ minOrder: 3000 }), [{ ...dress, price: 2999 }], now)).toEqual({
      ok: false,
      error: "This code needs an order of KSh 3,000 or more.",
    });
    expect(offerFor(code({ minOrder: 3000 }), [{ ...dress, price: 3000 }], now).ok).toBe(true);
  });

  it("free delivery takes the fee away, whatever the method; the threshold counts the goods after a discount", () => {
    const free = offerFor(code({ kind: "free_delivery", value: 0 }), [dress], now);
    expect(free).toMatchObject({ ok: true, offer: { discount: 0, freeDelivery: true } });
    const offer = free.ok ? free.offer : null;
    expect(deliveryFee("rider", 3333, 5000, offer!)).toBe(0);
    expect(orderTotal(3333, "rider", 5000, offer!)).toBe(3333);
    // 5,200 of goods less 10% is 4,680: below the 5,000 threshold, so the rider is paid.
    const tenOff = { discount: 520, freeDelivery: false };
    expect(deliveryFee("rider", 5200, 5000, tenOff)).toBe(300);
    expect(orderTotal(5200, "rider", 5000, tenOff)).toBe(4980);
    expect(orderTotal(5200, "rider", 5000)).toBe(5200);
  });

  it("never makes a total negative nor a discount bigger than the goods", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("percent", "amount", "free_delivery"),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 10 }),
            category: fc.constantFrom("dresses", "bags"),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.constantFrom("pickup", "matatu", "rider"),
        (kind, value, lines, method) => {
          const answer = offerFor(
            code({ kind, value: kind === "percent" ? value % 101 : value }),
            lines,
            now,
          );
          if (!answer.ok) return;
          const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
          expect(Number.isInteger(answer.offer.discount)).toBe(true);
          expect(answer.offer.discount).toBeGreaterThanOrEqual(0);
          expect(answer.offer.discount).toBeLessThanOrEqual(subtotal);
          expect(orderTotal(subtotal, method, 5000, answer.offer)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it("reads a code as typed from a post", () => {
    expect(normaliseCode(" jamhuri-10 ")).toBe("JAMHURI10");
  });
});
