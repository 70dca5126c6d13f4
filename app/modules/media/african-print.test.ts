import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { africanPrintSvg, printPattern } from "./african-print";

test("the same seed draws the same print, another seed another", () => {
  const a = africanPrintSvg("101-0", { width: 300, height: 300 });
  expect(africanPrintSvg("101-0", { width: 300, height: 300 })).toBe(a);
  expect(africanPrintSvg("102-0", { width: 300, height: 300 })).not.toBe(a);
});

test("motifs and palettes vary across products", () => {
  const prints = new Set(
    Array.from({ length: 30 }, (_, i) =>
      africanPrintSvg(`p${i}`, { width: 100, height: 100 }).slice(0, 400),
    ),
  );
  expect(prints.size).toBeGreaterThan(20);
});

test("the brand's hero and band draw exactly what their stored files hold", () => {
  // They are stored once under fixed keys (brand/hero-v1, brand/band-v1): a change to these
  // prints needs new keys, or shops keep serving the old pictures under the same name.
  const sha = (svg: string) => createHash("sha256").update(svg).digest("hex").slice(0, 16);
  const hero = (width: number) =>
    africanPrintSvg("brand-hero", { width, height: width * 0.625, motif: "kente", palette: 0 });
  expect(sha(hero(800))).toBe("d229e6130cb53df2");
  expect(sha(hero(1600))).toBe("2adcf4196bfd0519");
  const band = africanPrintSvg("brand-band", {
    width: 160,
    height: 16,
    motif: "zigzag",
    palette: 0,
  });
  expect(sha(band)).toBe("dbb1bc0afecb8688");
});

test("a bold print leaves out the finest marks and keeps the same colours", () => {
  for (const motif of ["kente", "circles", "mudcloth", "diamonds", "zigzag"] as const) {
    const full = printPattern("bold", { width: 960, height: 1200, motif, palette: 3 });
    const bold = printPattern("bold", { width: 960, height: 1200, motif, palette: 3, bold: true });
    expect(bold.colours).toEqual(full.colours);
    const marks = (svg: string) => svg.split("<").length;
    expect(marks(bold.content), motif).toBeLessThan(marks(full.content));
  }
});

test("a shuka's checks are woven from bands across and down", () => {
  const { content, colours } = printPattern("shuka", { width: 600, height: 600, motif: "checks" });
  expect(content).toMatch(/<rect x="0" y="[\d.]+" width="600"/);
  expect(content).toMatch(/<rect x="[\d.]+" y="0" width="[\d.]+" height="600"/);
  expect(colours).toHaveLength(4);
});
