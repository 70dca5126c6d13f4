import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  addLine,
  type CartLine,
  CartRuleError,
  cartTotal,
  itemCount,
  MAX_LINES,
  removeLine,
  setQuantity,
} from "./cart-rules";

const dress = { productId: "101", size: "M", quantity: 1 };

describe("cart rules", () => {
  test("adding the same product and size adds to the line; another size is a new line", () => {
    let lines = addLine([], dress);
    lines = addLine(lines, { ...dress, quantity: 2 });
    expect(lines).toEqual([{ productId: "101", size: "M", quantity: 3 }]);
    lines = addLine(lines, { ...dress, size: "L" });
    expect(lines.map((l) => `${l.productId}/${l.size}/${l.quantity}`)).toEqual([
      "101/M/3",
      "101/L/1",
    ]);
  });

  test("a quantity of 0 or below removes the line; quantities stop at 99", () => {
    const lines = addLine(addLine([], dress), { productId: "102", size: "", quantity: 1 });
    expect(setQuantity(lines, { ...dress, quantity: 0 })).toEqual([
      { productId: "102", size: "", quantity: 1 },
    ]);
    expect(setQuantity(lines, { ...dress, quantity: -3 })).toHaveLength(1);
    expect(setQuantity(lines, { ...dress, quantity: 500 })[0]!.quantity).toBe(99);
    expect(addLine([{ ...dress, quantity: 98 }], { ...dress, quantity: 5 })[0]!.quantity).toBe(99);
  });

  test("remove takes product and size; at most 50 lines", () => {
    const lines = addLine(addLine([], dress), { ...dress, size: "L" });
    expect(removeLine(lines, { productId: "101", size: "L" })).toEqual([dress]);
    const full = Array.from({ length: MAX_LINES }, (_, i) => ({
      productId: String(i),
      size: "",
      quantity: 1,
    }));
    expect(() => addLine(full, { productId: "x", size: "", quantity: 1 })).toThrow(CartRuleError);
    expect(addLine(full, { productId: "0", size: "", quantity: 1 })[0]!.quantity).toBe(2);
  });

  test("count and total follow the lines", () => {
    const lines = [
      { quantity: 2, price: 2500 },
      { quantity: 1, price: 600 },
    ];
    expect(itemCount(lines)).toBe(3);
    expect(cartTotal(lines)).toBe(5600);
  });

  test("any sequence of operations keeps lines unique, quantities within 1..99", () => {
    const op = fc.record({
      kind: fc.constantFrom("add", "set", "remove"),
      productId: fc.constantFrom("101", "102", "103"),
      size: fc.constantFrom("", "S", "M"),
      quantity: fc.integer({ min: -5, max: 120 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let lines: CartLine[] = [];
        for (const { kind, ...line } of ops) {
          if (kind === "add" && line.quantity > 0) lines = addLine(lines, line);
          if (kind === "set") lines = setQuantity(lines, line);
          if (kind === "remove") lines = removeLine(lines, line);
        }
        const keys = lines.map((l) => `${l.productId}|${l.size}`);
        expect(new Set(keys).size).toBe(keys.length);
        expect(lines.every((l) => l.quantity >= 1 && l.quantity <= 99)).toBe(true);
      }),
    );
  });
});
