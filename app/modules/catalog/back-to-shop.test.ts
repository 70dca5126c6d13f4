import { describe, expect, test } from "vitest";
import { backToShopHref } from "./back-to-shop";

const shop = ["https://amaniprints.co.ke"];

describe("'Back to Shop' returns to the listing the shopper came from", () => {
  test.each([
    ["https://amaniprints.co.ke/shop?category=dresses", "/shop?category=dresses"],
    ["https://amaniprints.co.ke/shop?q=kente&sort=price-desc", "/shop?q=kente&sort=price-desc"],
    [
      "https://amaniprints.co.ke/shop?category=kimonos&q=wrap&sort=price-asc&stock=in&page=3",
      "/shop?category=kimonos&q=wrap&sort=price-asc&stock=in&page=3",
    ],
    ["https://amaniprints.co.ke/shop?page=2&more=1", "/shop?page=2"],
    ["https://amaniprints.co.ke/shop", "/shop"],
  ])(
    "from %s to %s (category, search, sort, 'In stock only' and the depth 'Load more' reached)",
    (from, to) => {
      expect(backToShopHref(from, shop)).toBe(to);
    },
  );

  test.each([
    [null],
    ["not a url"],
    ["https://amaniprints.co.ke/product/120"],
    ["https://amaniprints.co.ke/"],
    ["https://evil.example/shop?category=dresses"],
    ["https://amaniprints.co.ke.evil.example/shop?category=dresses"],
    ["https://amaniprints.co.ke/shopping?category=dresses"],
  ])("from %s: plain /shop", (from) => {
    expect(backToShopHref(from, shop)).toBe("/shop");
  });

  test("unknown categories and sorts are dropped, as the shop itself drops them", () => {
    expect(
      backToShopHref(
        "https://amaniprints.co.ke/shop?category=<script>&sort=cheapest&q=ankara",
        shop,
      ),
    ).toBe("/shop?q=ankara");
  });
});
