import { expect, test } from "vitest";
import { sampleCatalogue } from "~/modules/catalog/sample-catalogue";
import { categoryGarment, GARMENTS, type GarmentKind, garmentKindFor } from "./kinds";
import { Sketch } from "./sketch";

const outline = (kind: GarmentKind, view: "front" | "back" = "front") => {
  const sketch = new Sketch({
    print: ["#000", "#111", "#222", "#333", "#444"],
    plain: "#fff",
    notion: "#999",
  });
  GARMENTS[kind].draw(sketch, view);
  return sketch.silhouette.join(" ");
};

test("every category of the sample catalogue is drawn as a garment of its own", () => {
  const categories = [...new Set(sampleCatalogue().map((p) => p.category))];
  expect(categories).toHaveLength(15);
  const kinds = categories.map(categoryGarment);
  expect(new Set(kinds).size).toBe(categories.length);
  expect(kinds).not.toContain("fabric");
  // Not the same drawing under another name: every outline differs.
  expect(new Set(kinds.map((kind) => outline(kind))).size).toBe(categories.length);
});

test.each([
  ["men-wear", "Baraka Kitenge Kaunda Suit", "kaunda-suit"],
  ["men-wear", "Amani Kente Dashiki Shirt", "dashiki"],
  // "Dashiki" is also the name of a print: the shirt is still a shirt.
  ["men-wear", "Jua Dashiki Short-Sleeve Shirt", "shirt"],
  ["men-wear", "Imani Batik Kanzu Set", "kanzu"],
  ["men-wear", "Tana Ankara Bomber Jacket", "bomber"],
  ["hoodies-trench", "Zuri Kikoi Trench Coat", "trench-coat"],
  ["hoodies-trench", "Sifa Ankara Hoodie", "hoodie"],
  ["accessories", "Neema Kente Earrings", "earrings"],
  ["accessories", "Lamu Batik Tote Bag", "tote-bag"],
  ["accessories", "Mara Kitenge Bow Tie", "bow-tie"],
  ["kids-wear", "Kito Ankara Dungaree Outfit", "dungarees"],
  ["kids-wear", "Furaha Kitenge Party Outfit", "kids-dress"],
  ["sandals", "Pwani Maasai Slide Sandals", "slides"],
  ["dresses", "Nyota Shweshwe Off-Shoulder Dress", "off-shoulder-dress"],
  ["blazers", "Akinyi Kente Longline Blazer", "longline-blazer"],
] as const)("%s called '%s' is drawn as %s", (category, name, kind) => {
  expect(garmentKindFor(category, name)).toBe(kind);
});

test("a style the drawings do not know falls back to the category's garment", () => {
  expect(garmentKindFor("men-wear", "Baraka Kitenge Agbada")).toBe("shirt");
  expect(garmentKindFor("kimonos", "Zawadi Ankara Kimono")).toBe("kimono");
  expect(garmentKindFor("homedecor", "Cushion Cover")).toBe("fabric");
});

test("every sample product's name leads to a drawing of its category's family", () => {
  for (const product of sampleCatalogue()) {
    const kind = garmentKindFor(product.category, product.name);
    expect(GARMENTS[kind], product.name).toBeDefined();
    expect(kind, product.name).not.toBe("fabric");
  }
});

test("a garment not shown on a dress form has a back view of its own, not the front again", () => {
  for (const kind of Object.keys(GARMENTS) as GarmentKind[]) {
    if (kind === "fabric" || GARMENTS[kind].form) continue;
    const sketch = (view: "front" | "back") => {
      const s = new Sketch({
        print: ["#000", "#111", "#222", "#333", "#444"],
        plain: "#fff",
        notion: "#999",
      });
      GARMENTS[kind].draw(s, view);
      return s.parts.join("");
    };
    expect(sketch("back"), kind).not.toBe(sketch("front"));
  }
});
