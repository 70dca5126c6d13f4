import { describe, expect, test } from "vitest";
import { CATEGORY_IDS, categoryName } from "~/terms/categories";
import { sampleCatalogue } from "./sample-catalogue";
import { SIZE_SETS } from "./sizes";

describe("the sample catalogue", () => {
  const products = sampleCatalogue();

  test("has 181 products with ids 101 to 281", () => {
    expect(products.map((p) => Number(p.id))).toEqual(
      Array.from({ length: 181 }, (_, i) => 101 + i),
    );
  });

  test("prices are whole shillings from exactly 600 to 6500", () => {
    const prices = products.map((p) => p.price);
    expect(prices.every(Number.isInteger)).toBe(true);
    expect(Math.min(...prices)).toBe(600);
    expect(Math.max(...prices)).toBe(6500);
  });

  test("some are on sale, more than 8 are featured, a few are not in stock", () => {
    const onSale = products.filter((p) => p.originalPrice !== null);
    expect(onSale.length).toBeGreaterThan(20);
    expect(onSale.every((p) => (p.originalPrice ?? 0) > p.price)).toBe(true);
    expect(products.filter((p) => p.isFeatured).length).toBeGreaterThan(8);
    const hidden = products.filter((p) => !p.inStock).length;
    expect(hidden).toBeGreaterThan(0);
    expect(hidden).toBeLessThan(20);
  });

  test("covers every category but homedecor", () => {
    const used = new Set(products.map((p) => p.category));
    expect([...used].sort()).toEqual(CATEGORY_IDS.filter((c) => c !== "homedecor").sort());
  });

  test("sizes follow the size sets; accessories and shukas have none", () => {
    const sets = Object.values(SIZE_SETS).map((s) => s.join(","));
    for (const p of products) {
      if (p.category === "accessories" || p.category === "masaai-shukas")
        expect(p.sizes).toEqual([]);
      else expect(sets).toContain(p.sizes.join(","));
      if (p.category === "kids-wear") expect(p.sizes).toEqual([...SIZE_SETS.kids]);
    }
  });

  test("names are unique, read like an African-print shop and have 1 to 3 images", () => {
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    const prints = /Ankara|Kitenge|Kente|Kikoi|Dashiki|Adinkra|Bogolan|Shweshwe|Batik|Kanga/;
    expect(products.every((p) => prints.test(p.name))).toBe(true);
    expect(products.every((p) => p.imageCount >= 1 && p.imageCount <= 3)).toBe(true);
  });

  test("has realistic stock: most sizes 2 to 12, some none, some one-offs, a few made to order", () => {
    const tracked = products.filter((p) => p.stock !== null);
    expect(products.length - tracked.length).toBeGreaterThan(10);
    for (const p of tracked) {
      expect(Object.keys(p.stock!).sort()).toEqual((p.sizes.length ? [...p.sizes] : [""]).sort());
    }
    const levels = tracked.flatMap((p) => Object.values(p.stock!));
    expect(levels.every((n) => Number.isInteger(n) && n >= 0 && n <= 12)).toBe(true);
    expect(levels.filter((n) => n >= 2).length / levels.length).toBeGreaterThan(0.7);
    expect(levels.filter((n) => n === 0).length).toBeGreaterThan(20);
    expect(levels.filter((n) => n === 1).length).toBeGreaterThan(20);
    const soldOut = tracked.filter(
      (p) => p.inStock && Object.values(p.stock!).every((n) => n === 0),
    );
    expect(soldOut.length).toBeGreaterThan(2);
  });

  test("spells the shuka collection one way, as the spec names it ('Masaai Shukas')", () => {
    // The category's name and label are the spec's; no product may spell it another way beside it.
    expect(categoryName("masaai-shukas")).toBe("Masaai Shukas");
    const spellings = products
      .flatMap((p) => [p.name, p.description, p.details])
      .flatMap((text) => text.match(/\bma+s+a+i\b/gi) ?? []);
    expect(spellings.filter((word) => word.toLowerCase() !== "masaai")).toEqual([]);
  });

  test("is the same on every call", () => {
    expect(sampleCatalogue()).toEqual(products);
  });
});
