import { describe, expect, test } from "vitest";
import { mergeLines } from "./order-lines";

describe("mergeLines", () => {
  test("the same product and size on several lines is one line with their sum", () => {
    expect(
      mergeLines([
        { productId: "101", size: "M", quantity: 99 },
        { productId: "102", size: "", quantity: 1 },
        { productId: "101", size: "M", quantity: 99 },
        { productId: "101", size: "L", quantity: 2 },
        { productId: "101", size: "M", quantity: 99 },
      ]),
    ).toEqual([
      { productId: "101", size: "M", quantity: 297 },
      { productId: "102", size: "", quantity: 1 },
      { productId: "101", size: "L", quantity: 2 },
    ]);
  });

  test("halves or negatives never add up to a valid quantity", () => {
    const [half] = mergeLines([
      { productId: "101", size: "M", quantity: 0.5 },
      { productId: "101", size: "M", quantity: 0.5 },
    ]);
    expect(half!.quantity).toBeNaN();
    const [negative] = mergeLines([
      { productId: "101", size: "M", quantity: 5 },
      { productId: "101", size: "M", quantity: -4 },
    ]);
    expect(negative!.quantity).toBeNaN();
  });

  test("leaves the lines it was given unchanged", () => {
    const lines = [
      { productId: "101", size: "M", quantity: 1 },
      { productId: "101", size: "M", quantity: 1 },
    ];
    mergeLines(lines);
    expect(lines[0]!.quantity).toBe(1);
  });
});
