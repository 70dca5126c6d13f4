import { describe, expect, test } from "vitest";
import { formatReport } from "./report";

describe("the printed report", () => {
  test("counts first, then one line per imported, skipped, noted and failed document", () => {
    const text = formatReport({
      products: {
        imported: [{ id: "950", name: "Kitenge Wrap Dress", images: 1 }],
        skipped: [{ id: "Hat0001", reason: 'unknown category "hats"' }],
        notes: [{ id: "950", reason: "price 1499.6 rounded to 1500" }],
        images: {
          stored: 1,
          failed: [{ productId: "950", address: "gs://b/a.jpg", reason: "unreachable" }],
        },
      },
      orders: {
        imported: [{ id: "9ac1ca43-dcc5-50bd-b712-2cfff6b00faa", legacyId: "LgcyRider0001" }],
        skipped: [{ id: "EmptyCart0003", reason: "no items" }],
        notes: [],
      },
    });
    expect(text.split("\n")).toEqual([
      "Products: 1 imported, 1 skipped.",
      '  imported 950 "Kitenge Wrap Dress" with 1 image',
      '  skipped Hat0001: unknown category "hats"',
      "  note on 950: price 1499.6 rounded to 1500",
      "Images: 1 stored, 1 could not be imported.",
      "  product 950, gs://b/a.jpg: unreachable",
      "Orders: 1 imported, 1 skipped.",
      "  imported LgcyRider0001 as order 9ac1ca43-dcc5-50bd-b712-2cfff6b00faa",
      "  skipped EmptyCart0003: no items",
    ]);
  });

  test("only the collections that were given are reported", () => {
    expect(formatReport({ orders: { imported: [], skipped: [], notes: [] } })).toBe(
      "Orders: 0 imported, 0 skipped.",
    );
  });
});
