import type { Page } from "@playwright/test";
import { expectedListing, inStock, seededSoldOut, startsAWord } from "./catalogue";
import {
  expect,
  expectAccessible,
  holdRequests,
  loadMore,
  sidebarCategories,
  test,
} from "./fixtures";

/** The listed cards' names; read through expect.poll, as a page may still be streaming in. */
const cardNames = (page: Page) =>
  page.getByRole("main").getByTestId("product-card").locator("h3").allTextContents();

test.describe("Shop listing", () => {
  test("shows every in-stock product by name, 24 at a time, with the whole count", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto("/shop");
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    // Headings go in order: no level skipped after the h1 (the cards' h3s sit under an h2).
    const levels = await page
      .locator("main :is(h1, h2, h3, h4, h5, h6)")
      .evaluateAll((hs) => hs.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (const [i, level] of levels.entries()) {
      if (i > 0)
        expect(level, `heading ${i + 1} of ${levels.join(",")}`).toBeLessThanOrEqual(
          levels[i - 1]! + 1,
        );
    }
    await expect(page.getByText(`Showing ${inStock.length} products`)).toBeVisible();
    await expect
      .poll(() => cardNames(page))
      .toEqual(
        expectedListing({})
          .slice(0, 24)
          .map((p) => p.name),
      );
    await expectAccessible(page, "shop");
  });

  test("the sidebar counts per category, in the spec's groups, 'More' last", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto("/shop");
    const nav = await sidebarCategories(page);
    await expect(nav.getByRole("link", { name: /^All Products/ })).toHaveAccessibleName(
      new RegExp(`^All Products ?${inStock.length} products$`),
    );
    await expect(nav.getByRole("link", { name: /^All Products/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const groups = nav.locator("details");
    await expect(groups.locator("summary")).toHaveText([
      "Women's Fashion▾",
      "Men's Fashion▾",
      "Kids' Collection▾",
      "Outerwear▾",
      "Footwear & Accessories▾",
      "Home & Living▾",
      "More▾",
    ]);
    // Women's Fashion and Home & Living start open.
    const open = await groups.evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open));
    expect(open).toEqual([true, false, false, false, false, true, false]);
    const dresses = inStock.filter((p) => p.category === "dresses").length;
    await expect(nav.getByRole("link", { name: /^Dresses/ })).toHaveAccessibleName(
      new RegExp(`^Dresses ?${dresses} products$`),
    );
    await expect(nav.getByRole("link", { name: /^Home Decor/ })).toHaveAccessibleName(
      /^Home Decor ?0 products$/,
    );
    await groups.filter({ hasText: "More" }).locator("summary").click();
    const tshirts = inStock.filter((p) => p.category === "tshirts").length;
    await expect(nav.getByRole("link", { name: /^T-Shirts/ })).toHaveAccessibleName(
      new RegExp(`^T-Shirts ?${tshirts} products$`),
    );
    await expect(nav.getByRole("link", { name: /^T-Shirts/ })).toHaveAttribute(
      "href",
      "/shop?category=tshirts",
    );
  });

  test("search, category and sort combine, all kept in the URL", async ({ page }) => {
    await page.goto("/shop");
    await page.getByRole("searchbox", { name: "Search products" }).fill("Kente");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/shop\?q=Kente$/);
    const searched = expectedListing({ q: "kente" });
    await expect(page.getByText(`Showing ${searched.length} products`)).toBeVisible();

    await (await sidebarCategories(page)).getByRole("link", { name: /^Dresses/ }).click();
    await expect(page).toHaveURL(/\/shop\?category=dresses&q=Kente$/);
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(page).toHaveURL(/\/shop\?category=dresses&q=Kente&sort=price-desc$/);
    const expected = expectedListing({ q: "kente", category: "dresses", sort: "price-desc" });
    await expect(page.getByText(`Showing ${expected.length} products`)).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 24).map((p) => p.name));
    // The counts beside the categories follow the search.
    const nav = await sidebarCategories(page);
    const kimonos = expectedListing({ q: "kente", category: "kimonos" }).length;
    await expect(nav.getByRole("link", { name: /^Kimonos/ })).toHaveAccessibleName(
      new RegExp(`^Kimonos ?${kimonos} products?$`),
    );

    // The back button returns to the previous listing.
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?category=dresses&q=Kente$/);
    // A search lists its best matches first unless the shopper picks an order.
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
  });

  test("search is case-insensitive and matches the start of words in descriptions too; one- and two-letter terms work", async ({
    page,
  }) => {
    for (const q of ["SUNDAY", "wr", "k"]) {
      await page.goto(`/shop?q=${q}&sort=price-asc`);
      const expected = expectedListing({ q, sort: "price-asc" });
      expect(expected.length).toBeGreaterThan(0);
      await expect(page.getByText(`Showing ${expected.length} products`)).toBeVisible();
      await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 24).map((p) => p.name));
    }
  });

  test("search finds plurals, category names, every word and small misspellings, best matches first", async ({
    page,
  }) => {
    const text = (p: (typeof inStock)[number]) => `${p.name} ${p.description}`;
    const count = (matches: (p: (typeof inStock)[number]) => boolean) =>
      inStock.filter(matches).length;
    const cases: [string, number][] = [
      // A plural finds the singular (and the category it names).
      ["dresses", count((p) => p.category === "dresses" || startsAWord(text(p), "dress"))],
      // A category's name finds the category, though no product says 'kids'.
      ["kids", count((p) => p.category === "kids-wear")],
      ["kimonos", count((p) => p.category === "kimonos" || startsAWord(text(p), "kimono"))],
      // Every word must match.
      [
        "ankara dress",
        count(
          (p) =>
            startsAWord(text(p), "ankara") &&
            (startsAWord(text(p), "dress") || p.category === "dresses"),
        ),
      ],
      // Small misspellings: the shukas, and everything kitenge.
      ["masai", count((p) => p.category === "masaai-shukas")],
      ["kitengi", count((p) => startsAWord(text(p), "kitenge"))],
    ];
    for (const [q, n] of cases) {
      expect(n, q).toBeGreaterThan(0);
      await page.goto(`/shop?q=${encodeURIComponent(q)}`);
      await expect(page.getByText(`Showing ${n} products`)).toBeVisible();
    }
    /** The first `n` cards' names, as the shopper sees them. */
    const first = async (n: number) => (await cardNames(page)).slice(0, n);
    // Best match first: every product named a dress before a kimono that mentions one.
    await page.goto("/shop?q=dresses");
    const namedDress = inStock.filter(
      (p) => startsAWord(p.name, "dress") && !seededSoldOut(p),
    ).length;
    expect(namedDress).toBeGreaterThan(0);
    expect((await first(namedDress)).every((name) => startsAWord(name, "dress"))).toBe(true);
    // Both words in the name first.
    await page.goto("/shop?q=ankara+dress");
    const both = inStock.filter(
      (p) => startsAWord(p.name, "ankara") && startsAWord(p.name, "dress") && !seededSoldOut(p),
    ).length;
    expect(both).toBeGreaterThan(0);
    expect(
      (await first(both)).every(
        (name) => startsAWord(name, "ankara") && startsAWord(name, "dress"),
      ),
    ).toBe(true);
    // A misspelling is said as the shop understood it; the products named so come first.
    await page.goto("/shop?q=kitengi");
    await expect(page.getByText("Showing results for kitenge")).toBeVisible();
    expect((await first(3)).every((name) => startsAWord(name, "kitenge"))).toBe(true);
    // 'red' starts no word of the catalogue (only 'tailored' and the like hold it): nothing is
    // found, and the dresses are offered.
    await page.goto("/shop?q=red+dress");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse Dresses" })).toBeVisible();
    // One product reads as one.
    const word = inStock
      .flatMap((p) => p.name.toLowerCase().split(" "))
      .find((w) => w.length >= 4 && inStock.filter((o) => startsAWord(text(o), w)).length === 1)!;
    await page.goto(`/shop?q=${word}`);
    await expect(page.getByText("Showing 1 product", { exact: true })).toBeVisible();
  });

  test("a search that finds nothing suggests the closest category", async ({ page }) => {
    // Found in another category: the suggestion keeps the search.
    await page.goto("/shop?category=skirts&q=kimono");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expectAccessible(page, "shop, no results with a suggestion");
    await page.getByRole("link", { name: "See results in Kimonos" }).click();
    await expect(page).toHaveURL(/\/shop\?category=kimonos&q=kimono$/);
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    // Found nowhere: the category whose name is nearest the words.
    await page.goto("/shop?q=jumpy");
    await page.getByRole("link", { name: "Browse Jumpsuits" }).click();
    await expect(page).toHaveURL(/\/shop\?category=jumpsuits$/);
  });

  test("an empty result says so and offers a way back", async ({ page }) => {
    await page.goto("/shop?q=zzzzqq");
    await expect(page.getByText("Showing 0 products")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters or search term.")).toBeVisible();
    await expectAccessible(page, "shop, no results");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page.getByText(`Showing ${inStock.length} products`)).toBeVisible();
  });

  test("'Load more' appends the next 24 in place and counts them in the address", async ({
    page,
  }) => {
    await page.goto("/shop?sort=price-asc");
    const expected = expectedListing({ sort: "price-asc" });
    await expect(page.getByTestId("product-card")).toHaveCount(24);
    await loadMore(page);
    await expect(page.getByTestId("product-card")).toHaveCount(48);
    await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 48).map((p) => p.name));
    await expect(page).toHaveURL(/\/shop\?sort=price-asc&page=2$/);
    while (await page.getByRole("link", { name: "Load more" }).count()) {
      const before = await page.getByTestId("product-card").count();
      await loadMore(page);
      await expect.poll(() => page.getByTestId("product-card").count()).toBeGreaterThan(before);
    }
    await expect(page.getByTestId("product-card")).toHaveCount(expected.length);
  });

  test("a loading indicator shows while a new listing is on its way", async ({ page }) => {
    await page.goto("/shop");
    const listing = await holdRequests(page, /\/shop\.data/);
    await (await sidebarCategories(page)).getByRole("link", { name: /^Skirts/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading products" })).toBeAttached();
    await expect(page.getByRole("main").locator("section[aria-busy=true]")).toBeAttached();
    listing.release();
    await expect(page.getByRole("heading", { level: 1, name: "Skirts" })).toBeVisible();
    await expect(page.getByRole("main").locator("section[aria-busy=true]")).toHaveCount(0);
  });

  test("product cards link to their pages and show images from the WebP widths", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto("/shop?category=accessories");
    const first = expectedListing({ category: "accessories" })[0]!;
    const card = page.getByTestId("product-card").first();
    await expect(card.getByText("accessories", { exact: true })).toBeVisible();
    await expect(card.locator("img")).toHaveAttribute("sizes", /vw/);
    await card.getByRole("link", { name: first.name }).click();
    await expect(page).toHaveURL(`/product/${first.id}`);
  });
});

test.describe("Shop listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search, category, sort and paging all work as plain links and forms", async ({ page }) => {
    await page.goto("/shop");
    await page.getByRole("searchbox", { name: "Search products" }).fill("wrap");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/shop\?q=wrap$/);
    await expect(
      page.getByText(`Showing ${expectedListing({ q: "wrap" }).length} products`),
    ).toBeVisible();

    await page.goto("/shop?category=dresses");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/shop\?category=dresses&sort=price-asc$/);
    const dresses = expectedListing({ category: "dresses", sort: "price-asc" });
    await expect.poll(() => cardNames(page)).toEqual(dresses.slice(0, 24).map((p) => p.name));

    // 'Load more' shows the list through the next page and lands on its first new product.
    await page.goto("/shop");
    await loadMore(page);
    await expect(page).toHaveURL(/\/shop\?page=2#product-25$/);
    await expect
      .poll(() => cardNames(page))
      .toEqual(
        expectedListing({})
          .slice(0, 48)
          .map((p) => p.name),
      );
    await expect(page.locator("#product-25")).toContainText(expectedListing({})[24]!.name);
    await expect(page.getByText(`Showing ${inStock.length} products`)).toBeVisible();
  });
});
