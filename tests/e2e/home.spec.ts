import { expect, expectAccessible, test } from "./fixtures";

test.describe("Home", () => {
  test("hero links to the shop and the story", { tag: "@both" }, async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section").first();
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Shop the collection" })).toHaveAttribute(
      "href",
      "/shop",
    );
    await expect(hero.getByRole("link", { name: "Our story" })).toHaveAttribute("href", "/about");
    await expectAccessible(page, "home");
  });

  test("Featured Products shows at most 8 featured cards with name, category, price and badge", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Featured Products" });
    const cards = section.getByTestId("product-card");
    await expect(cards).toHaveCount(8);
    for (const card of await cards.all()) {
      await expect(card.getByText("Featured", { exact: true })).toBeVisible();
      await expect(card.getByText(/^KSh \d{1,3}(,\d{3})*$/).first()).toBeVisible();
      const href = await card.getByRole("link").last().getAttribute("href");
      expect(href).toMatch(/^\/product\/\d+$/);
    }
    // Category labels show hyphens as spaces, and a struck original price sits beside some prices.
    await expect(
      section
        .getByText(/^(men wear|kids wear|masaai shukas|hoodies trench|dresses|blazers)$/)
        .first(),
    ).toBeVisible();
    const images = section.locator("img");
    await expect(images.first()).toHaveAttribute(
      "srcset",
      /-320\.webp 320w, .*-640\.webp 640w, .*-960\.webp 960w/,
    );
    await expect(images.first()).toHaveAttribute("width", "640");
    await expect(images.first()).toHaveAttribute("height", "800");
  });

  test("Shop by Category has the six tiles, each linking to its category", async ({ page }) => {
    await page.goto("/");
    const tiles = page
      .getByRole("region", { name: "Shop by Category" })
      .getByTestId("category-tile");
    await expect(tiles).toHaveCount(6);
    const links = await tiles.evaluateAll((as) =>
      as.map((a) => [a.textContent, a.getAttribute("href")]),
    );
    expect(links).toEqual([
      ["Dresses", "/shop?category=dresses"],
      ["Kimonos", "/shop?category=kimonos"],
      ["Jumpsuits", "/shop?category=jumpsuits"],
      ["Masaai Shukas", "/shop?category=masaai-shukas"],
      ["Kids Wear", "/shop?category=kids-wear"],
      ["Accessories", "/shop?category=accessories"],
    ]);
    for (const img of await tiles.locator("img").all()) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0);
    }
  });

  test("the three feature blurbs", async ({ page }) => {
    await page.goto("/");
    for (const title of ["Authentic fabrics", "Cultural heritage", "Modern designs"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
    }
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured Products" })).toBeVisible();
    await expect(page.getByTestId("product-card")).toHaveCount(8);
    // Before JavaScript the cart button is a plain link to the cart page.
    await expect(page.getByTestId("cart-button")).toHaveAttribute("href", "/cart");
    await context.close();
  });
});
