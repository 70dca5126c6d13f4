import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema";
import { moveFeatured, resetFeaturedOrder, toggleProduct } from "~/flows/arrange-products.server";
import { featuredForOwner } from "~/modules/catalog/featured.server";
import { FEATURED_LIMIT, featuredProducts } from "~/modules/catalog/products.server";
import { databases } from "../setup/databases";

describe.each(databases)("Home's featured products, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  const names = async () => (await featuredProducts(handle.db)).map((p) => p.name);
  const owners = async () => (await featuredForOwner(handle.db)).map((p) => p.name);

  beforeAll(async () => {
    handle = await database.open();
    // Ten featured pieces named A to J, featured in that order a day apart: more than Home shows.
    await handle.db.insert(products).values(
      "ABCDEFGHIJ".split("").map((letter, i) => ({
        id: `fp-${letter}`,
        name: `Piece ${letter}`,
        description: "A featured piece.",
        category: "dresses",
        price: 1000,
        isFeatured: true,
        featuredAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    await handle.db.insert(products).values({
      id: "fp-new",
      name: "Zuri Newest Dress",
      description: "Featured last.",
      category: "dresses",
      price: 1000,
    });
  });

  afterAll(async () => {
    await handle?.dispose();
  });

  test("newest featured first, and a piece featured now reaches Home even when its name sorts last", async () => {
    expect(await names()).toEqual("JIHGFEDC".split("").map((l) => `Piece ${l}`));
    await toggleProduct(handle.db, "fp-new", "isFeatured", null);
    const home = await names();
    expect(home).toHaveLength(FEATURED_LIMIT);
    expect(home[0]).toBe("Zuri Newest Dress");
  });

  test("the owner's order holds; a piece featured after it still goes on top; reset restores newest first", async () => {
    const before = await owners();
    // 'Piece A', the oldest, moved up three places.
    for (let i = 0; i < 3; i++) expect(await moveFeatured(handle.db, "fp-A", "up")).toBe(true);
    const moved = await owners();
    const at = before.indexOf("Piece A");
    expect(moved.indexOf("Piece A")).toBe(at - 3);
    expect(moved.filter((n) => n !== "Piece A")).toEqual(before.filter((n) => n !== "Piece A"));
    // The top stays the top; an unknown or unfeatured product is refused.
    expect(moved[0]).toBe("Zuri Newest Dress");
    expect(await moveFeatured(handle.db, "fp-new", "up")).toBe(true);
    expect(await owners()).toEqual(moved);
    expect(await moveFeatured(handle.db, "no-such-product", "down")).toBe(false);

    // Unfeatured and featured again: it is the newest, above the owner's order.
    await toggleProduct(handle.db, "fp-J", "isFeatured", null);
    expect(await owners()).not.toContain("Piece J");
    await toggleProduct(handle.db, "fp-J", "isFeatured", null);
    const again = await owners();
    expect(again[0]).toBe("Piece J");
    expect(again.slice(1)).toEqual(moved.filter((n) => n !== "Piece J"));

    await resetFeaturedOrder(handle.db);
    expect(await owners()).toEqual([
      "Piece J",
      "Zuri Newest Dress",
      ..."IHGFEDCBA".split("").map((l) => `Piece ${l}`),
    ]);
  });
});
