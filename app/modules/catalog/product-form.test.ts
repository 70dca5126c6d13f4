import { describe, expect, it } from "vitest";
import { ALL_SIZES, PRODUCT_MESSAGES, validateProductForm } from "./product-form";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) data.append(k, item);
  }
  return data;
};

const valid = {
  name: " Ankara Wrap Dress ",
  originalPrice: "0",
  price: "3500",
  category: "dresses",
  description: "A wrap dress in wax print.",
};

describe("validateProductForm", () => {
  it("converts prices to numbers and trims text", () => {
    const result = validateProductForm(form({ ...valid, inStock: "on" }));
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Ankara Wrap Dress",
        originalPrice: 0,
        price: 3500,
        salePrice: null,
        saleStartsAt: null,
        saleEndsAt: null,
        category: "dresses",
        description: "A wrap dress in wax print.",
        details: "",
        sizes: [],
        inStock: true,
        isFeatured: false,
        lowStockAt: 2,
        stock: { "": null },
        stockWas: {},
      },
    });
  });

  it("takes a sale below the price, its times read as Nairobi time, the end after the start", () => {
    const sale = (fields: Record<string, string>) =>
      validateProductForm(form({ ...valid, ...fields }));
    expect(
      sale({ salePrice: "2800", saleStartsAt: "2026-12-12T00:00", saleEndsAt: "2026-12-13T00:00" }),
    ).toMatchObject({
      ok: true,
      data: {
        salePrice: 2800,
        saleStartsAt: new Date("2026-12-11T21:00:00Z"),
        saleEndsAt: new Date("2026-12-12T21:00:00Z"),
      },
    });
    // Open at both ends: at once, until the owner ends it.
    expect(sale({ salePrice: "0" })).toMatchObject({
      ok: true,
      data: { salePrice: 0, saleStartsAt: null, saleEndsAt: null },
    });
    // Without a sale price the times mean nothing.
    expect(sale({ salePrice: "", saleEndsAt: "2026-12-13T00:00" })).toMatchObject({
      ok: true,
      data: { salePrice: null, saleEndsAt: null },
    });
    for (const salePrice of ["3500", "4000", "-1", "2,800"]) {
      expect(sale({ salePrice })).toEqual({
        ok: false,
        errors: { salePrice: PRODUCT_MESSAGES.salePrice },
      });
    }
    expect(
      sale({ salePrice: "2800", saleStartsAt: "2026-12-13T00:00", saleEndsAt: "2026-12-13T00:00" }),
    ).toEqual({ ok: false, errors: { saleEndsAt: PRODUCT_MESSAGES.saleEndsAt } });
    expect(sale({ salePrice: "2800", saleStartsAt: "2026-02-30T10:00" })).toEqual({
      ok: false,
      errors: { saleStartsAt: PRODUCT_MESSAGES.saleStartsAt },
    });
    expect(sale({ salePrice: "2800", saleEndsAt: "next week" })).toEqual({
      ok: false,
      errors: { saleEndsAt: PRODUCT_MESSAGES.saleEndsAt },
    });
  });

  it("takes a low-stock line of 0 to 999 pieces, 2 when left empty, and refuses anything else", () => {
    const line = (lowStockAt: string) => validateProductForm(form({ ...valid, lowStockAt }));
    expect(line("10")).toMatchObject({ ok: true, data: { lowStockAt: 10 } });
    expect(line("0")).toMatchObject({ ok: true, data: { lowStockAt: 0 } });
    expect(line("")).toMatchObject({ ok: true, data: { lowStockAt: 2 } });
    for (const wrong of ["-1", "1000", "2.5", "a few"]) {
      expect(line(wrong)).toEqual({
        ok: false,
        errors: {
          lowStockAt:
            "Please enter a whole number of pieces from 0 to 999, or leave it empty for 2.",
        },
      });
    }
  });

  it("names each missing required field", () => {
    const result = validateProductForm(form({ category: "dresses" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The original price is optional, as the specification has it.
    expect(result.errors).toEqual({
      name: PRODUCT_MESSAGES.name,
      price: PRODUCT_MESSAGES.price,
      description: PRODUCT_MESSAGES.description,
    });
  });

  it("an empty original price is none (nothing struck through); a bad one is named", () => {
    const empty = validateProductForm(form({ ...valid, originalPrice: "" }));
    expect(empty.ok && empty.data.originalPrice).toBe(0);
    const bad = validateProductForm(form({ ...valid, originalPrice: "-5" }));
    expect(bad.ok ? null : bad.errors.originalPrice).toBe(PRODUCT_MESSAGES.originalPrice);
  });

  it.each(["-1", "12.5", "abc", "1e3", "99999999"])("refuses the price %s", (price) => {
    const result = validateProductForm(form({ ...valid, price }));
    expect(result.ok ? null : result.errors.price).toBe(PRODUCT_MESSAGES.price);
  });

  it("refuses 'all' and unknown categories", () => {
    for (const category of ["all", "shoes", ""]) {
      const result = validateProductForm(form({ ...valid, category }));
      expect(result.ok ? null : result.errors.category).toBe(PRODUCT_MESSAGES.category);
    }
  });

  it("keeps only known sizes, in the size sets' order", () => {
    const ok = validateProductForm(form({ ...valid, sizes: ["XL", "S", "2T"] }));
    expect(ok.ok && ok.data.sizes).toEqual(["2T", "S", "XL"]);
    expect(validateProductForm(form({ ...valid, sizes: ["XXXL"] })).ok).toBe(false);
    expect(new Set(ALL_SIZES).size).toBe(ALL_SIZES.length);
  });

  it("reads pieces per chosen size (empty: not tracked) and what the form showed", () => {
    const ok = validateProductForm(
      form({
        ...valid,
        sizes: ["S", "M"],
        "stock:S": " 4 ",
        "stock:M": "",
        "stock:XL": "9",
        "stockWas:S": "2",
        "stockWas:M": "",
        stock: "5",
      }),
    );
    // XL is not chosen and the product has sizes: those fields are not the product's stock.
    expect(ok.ok && ok.data.stock).toEqual({ S: 4, M: null });
    expect(ok.ok && ok.data.stockWas).toEqual({ S: 2, M: null });
    const unsized = validateProductForm(form({ ...valid, stock: "0" }));
    expect(unsized.ok && unsized.data.stock).toEqual({ "": 0 });
  });

  it.each(["-1", "2.5", "lots", "100001"])("refuses %s pieces, naming the field", (pieces) => {
    const result = validateProductForm(form({ ...valid, sizes: ["M"], "stock:M": pieces }));
    expect(result.ok ? null : result.errors).toEqual({ "stock:M": PRODUCT_MESSAGES.stock });
  });

  it("reports stock and text mistakes together", () => {
    const result = validateProductForm(form({ ...valid, name: "", stock: "x" }));
    expect(result.ok ? null : result.errors).toEqual({
      name: PRODUCT_MESSAGES.name,
      stock: PRODUCT_MESSAGES.stock,
    });
  });
});
