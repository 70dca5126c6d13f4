import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  linesLeft,
  packingLines,
  packingWarning,
  planRefund,
  refundLabel,
  shortRefundLines,
} from "./refund-rules";

const items = [
  { name: "Zuri Wrap Dress", size: "M", quantity: 2, price: 2500 },
  { name: "Kito Tote Bag", quantity: 1, price: 1800 },
];
const order = { amount: 6950, refunded: 0 };

describe("refund rules", () => {
  it("a refund by lines is worth its pieces; by amount, what the owner says", () => {
    const lines = linesLeft(items, []);
    expect(
      planRefund(order, lines, { amount: null, lines: [{ line: 0, quantity: 1, restock: true }] }),
    ).toEqual({
      ok: true,
      amount: 2500,
      lines: [{ line: 0, quantity: 1, restock: true }],
    });
    expect(planRefund(order, lines, { amount: 150, lines: [] })).toMatchObject({
      ok: true,
      amount: 150,
    });
  });

  it("counts what earlier refunds gave back, line by line", () => {
    const lines = linesLeft(items, [{ lines: [{ line: 0, quantity: 2, restock: false }] }]);
    expect(lines.map((l) => [l.name, l.left])).toEqual([
      ["Zuri Wrap Dress (M)", 0],
      ["Kito Tote Bag", 1],
    ]);
    expect(
      planRefund(order, lines, { amount: null, lines: [{ line: 0, quantity: 1, restock: false }] }),
    ).toEqual({
      ok: false,
      error: "Zuri Wrap Dress (M) has been refunded already.",
    });
  });

  it("refuses nothing, and more than is left of the payment", () => {
    const lines = linesLeft(items, []);
    expect(planRefund(order, lines, { amount: null, lines: [] })).toEqual({
      ok: false,
      error: "Please choose the pieces to refund or enter an amount.",
    });
    expect(planRefund({ amount: 6950, refunded: 6000 }, lines, { amount: 951, lines: [] })).toEqual(
      {
        ok: false,
        error: "A refund can be at most KSh 950, what is left of the payment.",
      },
    );
  });

  it("never plans more than what is left, whatever is asked", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6950 }),
        fc.option(fc.integer({ min: -10, max: 10_000 })),
        fc.array(
          fc.record({
            line: fc.integer({ min: 0, max: 3 }),
            quantity: fc.integer({ min: 0, max: 4 }),
            restock: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
        (refunded, amount, asked) => {
          const plan = planRefund({ amount: 6950, refunded }, linesLeft(items, []), {
            amount,
            lines: asked,
          });
          if (plan.ok) {
            expect(plan.amount).toBeGreaterThan(0);
            expect(plan.amount).toBeLessThanOrEqual(6950 - refunded);
          }
        },
      ),
    );
  });

  it("labels an order by what went back", () => {
    expect(refundLabel({ amount: 100, refunded: 0 })).toBeNull();
    expect(refundLabel({ amount: 100, refunded: 40 })).toBe("Partly refunded");
    expect(refundLabel({ amount: 100, refunded: 100 })).toBe("Refunded");
  });
});

describe("what is packed after refunds", () => {
  it("a piece given back leaves the parcel; a failed refund's pieces stay (the caller leaves it out)", () => {
    const lines = packingLines(items, [{ lines: [{ line: 0, quantity: 1, restock: true }] }]);
    expect(lines.map((l) => [l.name, l.send, l.refunded])).toEqual([
      ["Zuri Wrap Dress", 1, 1],
      ["Kito Tote Bag", 1, 0],
    ]);
    expect(packingWarning({ amount: 6950, refunded: 2500 }, lines)).toBe(
      "Partly refunded: do not pack the struck-through pieces.",
    );
    expect(packingWarning({ amount: 6950, refunded: 0 }, packingLines(items, []))).toBeNull();
    expect(packingWarning({ amount: 6950, refunded: 150 }, packingLines(items, []))).toBe(
      "Partly refunded (money only): pack every piece.",
    );
    expect(packingWarning({ amount: 6950, refunded: 6950 }, packingLines(items, []))).toBe(
      "Refunded in full: do not send this order.",
    );
  });

  it("never sends fewer than none nor more than bought, however refunds add up", () => {
    const line = fc.record({
      line: fc.nat(3),
      quantity: fc.integer({ min: 1, max: 5 }),
      restock: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fc.array(line, { maxLength: 4 }), { maxLength: 4 }), (given) => {
        const lines = packingLines(
          items,
          given.map((lines) => ({ lines })),
        );
        for (const [i, l] of lines.entries()) {
          expect(l.send + l.refunded).toBe(items[i]!.quantity);
          expect(l.send).toBeGreaterThanOrEqual(0);
          const asked = given
            .flat()
            .filter((g) => g.line === i)
            .reduce((n, g) => n + g.quantity, 0);
          expect(l.refunded).toBe(Math.min(asked, items[i]!.quantity));
        }
      }),
    );
  });

  it("an oversold order's missing pieces come from its lines of that product and size, first to last", () => {
    const bought = [
      { productId: "a", size: "M", quantity: 1 },
      { productId: "b", quantity: 2 },
      { productId: "a", size: "M", quantity: 3 },
      { productId: "a", size: "L", quantity: 1 },
    ];
    expect(
      shortRefundLines(bought, [
        { productId: "a", size: "M", short: 2 },
        { productId: "b", size: "", short: 1 },
      ]),
    ).toEqual([
      { line: 0, quantity: 1, restock: false },
      { line: 2, quantity: 1, restock: false },
      { line: 1, quantity: 1, restock: false },
    ]);
    expect(shortRefundLines(bought, [{ productId: "c", size: "", short: 1 }])).toEqual([]);
  });
});
