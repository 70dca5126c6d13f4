import { describe, expect, test } from "vitest";
import {
  CATEGORY_GROUPS,
  CATEGORY_IDS,
  categoryHref,
  categoryLabel,
  categoryName,
  groupsWithMore,
} from "./categories";

describe("category names", () => {
  test.each([
    ["all", "All Products"],
    ["masaai-shukas", "Masaai Shukas"],
    ["tshirts", "T-Shirts"],
    ["sandals", "Sandals & Shoes"],
    ["hoodies-trench", "Hoodies & Trench"],
    ["kids-wear", "Kids Wear"],
    ["men-wear", "Men Wear"],
    ["homedecor", "Home Decor"],
  ])("%s is named %s, as listed", (id, name) => {
    expect(categoryName(id)).toBe(name);
  });

  test.each([
    ["dresses", "Dresses"],
    ["jumpsuits", "Jumpsuits"],
    ["evening-party-wear", "Evening Party Wear"],
  ])("an unlisted id %s becomes words: %s", (id, name) => {
    expect(categoryName(id)).toBe(name);
  });

  test("a card shows the id with hyphens as spaces", () => {
    expect(categoryLabel("masaai-shukas")).toBe("masaai shukas");
    expect(categoryLabel("dresses")).toBe("dresses");
  });

  test("'all' links to /shop and a category to its filter", () => {
    expect(categoryHref("all")).toBe("/shop");
    expect(categoryHref("kids-wear")).toBe("/shop?category=kids-wear");
  });
});

describe("category groups", () => {
  test("are the spec's six groups in order", () => {
    expect(groupsWithMore().map((g) => [g.name, g.categories])).toEqual([
      [
        "Women's Fashion",
        ["dresses", "skirts", "trousers", "jumpsuits", "tops", "blazers", "kimonos", "ponchos"],
      ],
      ["Men's Fashion", ["men-wear"]],
      ["Kids' Collection", ["kids-wear"]],
      ["Outerwear", ["hoodies-trench"]],
      ["Footwear & Accessories", ["sandals", "accessories"]],
      ["Home & Living", ["homedecor", "masaai-shukas"]],
      ["More", ["tshirts"]],
    ]);
    expect(CATEGORY_GROUPS).toHaveLength(6);
  });

  test("a last 'More' group holds every category in no group, so all are reachable", () => {
    const groups = groupsWithMore();
    expect(groups.at(-1)).toEqual({ id: "more", name: "More", categories: ["tshirts"] });
    expect(groups.flatMap((g) => g.categories).sort()).toEqual([...CATEGORY_IDS].sort());
  });
});
