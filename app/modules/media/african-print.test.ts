import { expect, test } from "vitest";
import { africanPrintSvg, garmentPhotoSvg } from "./african-print";

test("the same seed draws the same print, another seed another", () => {
  const a = garmentPhotoSvg("101-0", "dresses");
  expect(garmentPhotoSvg("101-0", "dresses")).toBe(a);
  expect(garmentPhotoSvg("102-0", "dresses")).not.toBe(a);
});

test("motifs and palettes vary across products", () => {
  const prints = new Set(
    Array.from({ length: 30 }, (_, i) =>
      africanPrintSvg(`p${i}`, { width: 100, height: 100 }).slice(0, 400),
    ),
  );
  expect(prints.size).toBeGreaterThan(20);
});
