import { catalogue, inStock, seededSoldOut } from "./catalogue";
import { expect, expectAccessible, ksh, test } from "./fixtures";

// A product on sale, with sizes and three photos; one without sizes; one hidden from the shop.
const sized = inStock.find((p) => p.originalPrice && p.sizes.length && p.imageCount === 3)!;
const unsized = inStock.find((p) => p.sizes.length === 0)!;
const hidden = catalogue.find((p) => !p.inStock)!;

test.describe("Product page", () => {
  test("shows the product, its price, sale price, sizes, trust notes and tabs", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto(`/product/${sized.id}`);
    await expect(page.getByRole("heading", { level: 1, name: sized.name })).toBeVisible();
    await expect(page).toHaveTitle(`${sized.name} | Amani Prints`);
    const main = page.getByRole("main");
    await expect(
      main.getByRole("link", { name: sized.category.replaceAll("-", " "), exact: true }),
    ).toBeVisible();
    await expect(main.getByText(ksh(sized.price), { exact: true }).first()).toBeVisible();
    await expect(main.locator("s").first()).toHaveText(`Was ${ksh(sized.originalPrice!)}`);
    const sizes = main.getByRole("group", { name: "Size" }).getByRole("radio");
    await expect(sizes).toHaveCount(sized.sizes.length);
    for (const size of sized.sizes)
      await expect(main.getByRole("radio", { name: size, exact: true })).toBeAttached();
    await expect(main.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expect(main.getByText("Free delivery on orders of KSh 5,000 or more")).toBeVisible();
    await expect(main.getByText("30-day return policy")).toBeVisible();
    await expect(main.getByRole("link", { name: "Back to Shop" })).toHaveAttribute("href", "/shop");

    const description = main.getByRole("tab", { name: "Description" });
    const details = main.getByRole("tab", { name: "Details" });
    await expect(description).toHaveAttribute("aria-selected", "true");
    await expect(main.getByRole("tabpanel")).toHaveText(sized.description);
    await details.click();
    await expect(details).toHaveAttribute("aria-selected", "true");
    await expect(main.getByRole("tabpanel")).toHaveText(sized.details);
    await details.press("ArrowLeft");
    await expect(description).toBeFocused();
    await expect(main.getByRole("tabpanel")).toHaveText(sized.description);
    await expectAccessible(page, "product");
  });

  test("the gallery has a thumbnail per photo, operable by keyboard; the main photo loads first", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto(`/product/${sized.id}`);
    const photos = page.getByRole("list", { name: `Photos of ${sized.name}` }).locator("img");
    await expect(photos).toHaveCount(3);
    await expect(photos.first()).toHaveAttribute("loading", "eager");
    await expect(photos.first()).toHaveAttribute("fetchpriority", "high");
    await expect(photos.nth(1)).toHaveAttribute("loading", "lazy");
    const thumbs = page.getByRole("link", { name: /^Show photo \d of 3$/ });
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.first()).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "Show photo 3 of 3" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "Show photo 3 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect
      .poll(() =>
        page.getByRole("list", { name: `Photos of ${sized.name}` }).evaluate((ul) => ul.scrollLeft),
      )
      .toBeGreaterThan(0);
  });

  test("the photos show the piece itself: laid flat, then worn or from another side, then up close", async ({
    page,
  }) => {
    await page.goto(`/product/${sized.id}`);
    const photos = page.getByRole("list", { name: `Photos of ${sized.name}` }).locator("img");
    await expect(photos).toHaveCount(3);
    // Each photo as the browser decodes it, shrunk to a 40x50 grid of brightness.
    const grids: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const src = (await photos.nth(i).getAttribute("src"))!;
      grids.push(
        await page.evaluate(async (url) => {
          const image = new Image();
          image.src = url;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = 40;
          canvas.height = 50;
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0, 40, 50);
          const { data } = context.getImageData(0, 0, 40, 50);
          return Array.from(
            { length: 2000 },
            (_, p) => (data[p * 4]! + data[p * 4 + 1]! + data[p * 4 + 2]!) / 3,
          );
        }, src),
      );
    }
    // The garment and its second view stand on a plain backdrop (a swatch of print would not).
    for (const grid of grids.slice(0, 2)) {
      const border = grid.filter((_, p) => p < 40 || p % 40 === 0 || p % 40 === 39);
      expect(Math.max(...border) - Math.min(...border)).toBeLessThan(8);
    }
    // Three different pictures, not one repeated.
    const differ = (a: number[], b: number[]) =>
      a.filter((v, i) => Math.abs(v - b[i]!) > 24).length / a.length;
    expect(differ(grids[0]!, grids[1]!)).toBeGreaterThan(0.05);
    expect(differ(grids[0]!, grids[2]!)).toBeGreaterThan(0.05);
    expect(differ(grids[1]!, grids[2]!)).toBeGreaterThan(0.05);
  });

  test("'You Might Also Like' shows up to 4 other products of the same category, none sold out", async ({
    page,
  }) => {
    await page.goto(`/product/${unsized.id}`);
    await expect(page.getByRole("group", { name: "Size" })).toHaveCount(0);
    const related = page
      .getByRole("region", { name: "You Might Also Like" })
      .getByTestId("product-card");
    const expected = inStock
      .filter((p) => p.category === unsized.category && p.id !== unsized.id && !seededSoldOut(p))
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .slice(0, 4);
    await expect(related).toHaveCount(expected.length);
    expect(await related.locator("h3").allTextContents()).toEqual(expected.map((p) => p.name));
    for (const card of await related.all()) {
      await expect(
        card.getByText(unsized.category.replaceAll("-", " "), { exact: true }),
      ).toBeVisible();
    }
  });

  test("carries structured data, a canonical URL and the product's image for sharing", async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/product/${sized.id}`);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(ld).toMatchObject({
      "@type": "Product",
      name: sized.name,
      offers: {
        price: sized.price,
        priceCurrency: "KES",
        availability: "https://schema.org/InStock",
      },
    });
    expect(ld.image).toHaveLength(3);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/product/${sized.id}`,
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/media\/products\/.*-960\.webp$/,
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  });
});

test.describe("Photos that fail to load", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("each shows the placeholder in the gallery, named for its photo", async ({ page }) => {
    await page.route("**/media/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`/product/${sized.id}`);
    const photos = page.getByRole("list", { name: `Photos of ${sized.name}` });
    for (let i = 1; i <= 3; i++) {
      const photo = photos.getByRole("img", { name: `${sized.name}, photo ${i} of 3` });
      // The later photos load lazily: bring each into view as a shopper does.
      if (i > 1) await page.getByRole("link", { name: `Show photo ${i} of 3` }).click();
      await expect(photo).toHaveJSProperty("tagName", "DIV");
    }
    await expectAccessible(page, "product with missing photos");
  });
});

test.describe("Missing products", () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });

  test("an unknown or hidden id answers 404 with 'Product Not Found'", async ({ page }) => {
    for (const id of ["99999", hidden.id]) {
      const response = await page.goto(`/product/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Shop" })).toHaveAttribute(
        "href",
        "/shop",
      );
    }
    await expectAccessible(page, "product not found");
  });
});

test.describe("Product page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs and thumbnails work as links", async ({ page }) => {
    await page.goto(`/product/${sized.id}`);
    await expect(page.getByRole("tabpanel")).toHaveText(sized.description);
    await page.getByRole("tab", { name: "Details" }).click();
    await expect(page).toHaveURL(`/product/${sized.id}?tab=details`);
    await expect(page.getByRole("tabpanel")).toHaveText(sized.details);
    await page.getByRole("link", { name: "Show photo 2 of 3" }).click();
    await expect(page).toHaveURL(/#photo-2$/);
    await expect(page.getByRole("radio", { name: sized.sizes[0]!, exact: true })).toHaveAttribute(
      "required",
      "",
    );
  });
});
