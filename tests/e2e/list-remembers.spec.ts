import type { Page } from "@playwright/test";
import { expectedListing } from "./catalogue";
import { expect, expectAccessible, expectAccessibleWithoutJs, loadMore, test } from "./fixtures";

const cards = (page: Page) => page.getByRole("main").getByTestId("product-card");

/** The card's own name link (the image link beside it is hidden from the accessibility tree). */
const cardLink = (page: Page, name: string) => cards(page).getByRole("link", { name, exact: true });

test.describe("The list remembers", () => {
  test("after 'Load more', Back from a product returns to the same list at the same place, and a reload keeps it", async ({
    page,
  }) => {
    const expected = expectedListing({ sort: "price-asc" });
    await page.goto("/shop?sort=price-asc");
    await loadMore(page);
    await expect(cards(page)).toHaveCount(48);
    await loadMore(page);
    await expect(cards(page)).toHaveCount(72);
    await expect(page).toHaveURL(/\/shop\?sort=price-asc&page=3$/);

    // A product far down the list, scrolled to as a shopper would.
    const chosen = expected[60]!;
    await cardLink(page, chosen.name).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // Where the list was at the tap itself (the click may scroll a little to reach the link): the
    // navigation happens in the page, so the window keeps it.
    await page.evaluate(() =>
      document.addEventListener(
        "click",
        () => Object.assign(window, { scrollAtTap: window.scrollY }),
        { capture: true, once: true },
      ),
    );
    await cardLink(page, chosen.name).click();
    await expect(page).toHaveURL(`/product/${chosen.id}`);
    await expect(page.getByRole("heading", { level: 1, name: chosen.name })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?sort=price-asc&page=3$/);
    await expect(cards(page)).toHaveCount(72);
    await expect(cardLink(page, chosen.name)).toBeInViewport();
    const before = await page.evaluate(
      () => (window as unknown as { scrollAtTap: number }).scrollAtTap,
    );
    expect(before).toBeGreaterThan(1000);
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before))
      .toBeLessThan(150);

    await page.reload();
    await expect(cards(page)).toHaveCount(72);
    await expect
      .poll(() => cards(page).locator("h3").allTextContents())
      .toEqual(expected.slice(0, 72).map((p) => p.name));
    // The list goes on from where it is.
    await loadMore(page);
    await expect(cards(page)).toHaveCount(96);
    await expect(page).toHaveURL(/\/shop\?sort=price-asc&page=4$/);
    await expectAccessible(page, "shop after 'Load more'");
  });

  test("'Back to Shop' keeps the category, search, sort and 'In stock only' the shopper came from", async ({
    page,
  }) => {
    const from = "/shop?category=dresses&q=wrap&sort=price-desc&stock=in";
    await page.goto(from);
    const name = (await cards(page).nth(1).locator("h3").textContent())!;
    await cardLink(page, name).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const productUrl = page.url();
    const back = page.getByRole("link", { name: "Back to Shop" });
    await expect(back).toHaveAttribute("href", from);
    // On to a related piece: the way back still leads to the same listing.
    const related = page.getByRole("region", { name: "You Might Also Like" });
    const next = related.getByTestId("product-card").first().locator("h3");
    const nextName = (await next.textContent())!;
    await related.getByRole("link", { name: nextName, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: nextName })).toBeVisible();
    await expect(back).toHaveAttribute("href", from);
    await back.click();
    await expect(page).toHaveURL(from);
    await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("wrap");

    // Arriving from anywhere else, it is the plain shop.
    await page.goto(productUrl);
    await expect(back).toHaveAttribute("href", "/shop");
  });
});

test.describe("A 'Load more' overtaken", () => {
  test("by a new order while on its way, adds nothing to the new list", async ({ page }) => {
    await page.goto("/shop?sort=price-asc");
    // The next page's answer waits until the shopper has chosen another order.
    let release = () => {};
    const held = new Promise<void>((go) => {
      release = go;
    });
    await page.route(/\/shop\.data\?.*more/, async (route) => {
      await held;
      await route.continue();
    });
    await loadMore(page);
    await expect(
      page.getByRole("status").filter({ hasText: "Loading more products" }),
    ).toBeAttached();
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(page).toHaveURL(/\/shop\?sort=price-desc$/);
    const expected = expectedListing({ sort: "price-desc" });
    await expect(cards(page).first().locator("h3")).toHaveText(expected[0]!.name);

    const answered = page.waitForResponse(/\/shop\.data\?.*more/);
    release();
    await answered;
    // The answer for the old order arrived: the new list is as it was, and so is its address.
    await expect(cards(page)).toHaveCount(24);
    await expect
      .poll(() => cards(page).locator("h3").allTextContents())
      .toEqual(expected.slice(0, 24).map((p) => p.name));
    await expect(page).toHaveURL(/\/shop\?sort=price-desc$/);
  });
});

test.describe("A list loaded very far", () => {
  test("an address past 10 pages starts later and offers the way back to the start", async ({
    page,
  }) => {
    const expected = expectedListing({});
    // Page 11 of 24: pages 2 to 11, which is everything from the 25th product on.
    await page.goto("/shop?page=11");
    await expect(cards(page)).toHaveCount(expected.length - 24);
    await expect(cards(page).first().locator("h3")).toHaveText(expected[24]!.name);
    const start = page.getByRole("link", { name: "Back to the start of the list" });
    await expect(start).toHaveAttribute("href", "/shop");
    await start.click();
    await expect(cards(page)).toHaveCount(24);
  });
});

test.describe("The list remembers, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Load more' is an address of the longer list; 'Back to Shop' keeps the listing", async ({
    page,
  }) => {
    const expected = expectedListing({ sort: "price-desc" });
    await page.goto("/shop?sort=price-desc");
    await loadMore(page);
    await expect(page).toHaveURL(/\/shop\?sort=price-desc&page=2#product-25$/);
    await expect(cards(page)).toHaveCount(48);
    await expect(page.locator("#product-25")).toContainText(expected[24]!.name);
    await expectAccessibleWithoutJs(page, "shop through page 2, without JavaScript");
    await cardLink(page, expected[30]!.name).click();
    // Back to as far down the list as the shopper had come.
    await expect(page.getByRole("link", { name: "Back to Shop" })).toHaveAttribute(
      "href",
      "/shop?sort=price-desc&page=2",
    );
  });
});
