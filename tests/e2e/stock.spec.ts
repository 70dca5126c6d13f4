import type { Page } from "@playwright/test";
import { inStock } from "./catalogue";
import { expect, expectAccessible, test } from "./fixtures";

// Samples whose stock no spec buys: one with a sold-out size and a one-off, one sold out in
// every size. Checkouts here are refused, so they never take a piece.
const levels = (p: (typeof inStock)[number]) => Object.values(p.stock ?? {});
const mixed = inStock.find(
  (p) =>
    p.sizes.length > 2 &&
    levels(p).includes(0) &&
    levels(p).includes(1) &&
    levels(p).some((n) => n > 3),
)!;
const soldOutSize = Object.entries(mixed.stock!).find(([, n]) => n === 0)![0];
const oneOff = Object.entries(mixed.stock!).find(([, n]) => n === 1)![0];
const plenty = Object.entries(mixed.stock!).find(([, n]) => n > 3)![0];
const soldOut = inStock.find(
  (p) => p.sizes.length > 0 && p.stock && levels(p).every((n) => n === 0),
)!;

const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });

test.describe("Stock on the product page", () => {
  test("a sold-out size is disabled and named 'Sold out'; a one-off says 'Only 1 left'", async ({
    page,
  }) => {
    await page.goto(`/product/${mixed.id}`);
    const gone = radio(page, `${soldOutSize} (Sold out)`);
    await expect(gone).toBeDisabled();
    await expect(page.locator("label").filter({ has: gone }).locator("span").first()).toHaveCSS(
      "text-decoration-line",
      /line-through/,
    );
    await expect(radio(page, plenty)).toBeEnabled();
    const last = radio(page, oneOff);
    await expect(last).toBeEnabled();
    await expect(last).toHaveAccessibleDescription("Only 1 left");
    await expect(page.getByText("Only 1 left")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expectAccessible(page, "product with a sold-out size");
  });

  test("a product sold out in every size shows 'Sold out' instead of Add to Cart", async ({
    page,
  }) => {
    await page.goto(`/product/${soldOut.id}`);
    for (const size of soldOut.sizes)
      await expect(radio(page, `${size} (Sold out)`)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    await expectAccessible(page, "product sold out in every size");
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "With JavaScript" : "Without JavaScript", () => {
    // The refused checkout answers 409, which the browser logs.
    test.use({ javaScriptEnabled, expectedConsoleErrors: [/status of 409/] });

    test("asking for more than the last piece is refused, naming the line and what is left", async ({
      page,
    }) => {
      await page.goto(`/product/${mixed.id}`);
      await page
        .locator("label")
        .filter({ has: radio(page, oneOff) })
        .click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("Added to cart!").first()).toBeAttached();
      await page.goto("/cart");
      await page.getByRole("button", { name: /^One more/ }).click();
      await expect(page.getByTestId("cart-line").getByText("Quantity 2")).toBeAttached();
      await page.getByLabel("Full name").fill("Wanjiru Kamau");
      await page.getByLabel("Phone").fill("0712345678");
      await page.getByRole("textbox", { name: "Email" }).fill("wanjiru@example.co.ke");
      await page.getByRole("button", { name: /^Pay KSh/ }).click();
      await expect(page.getByRole("alert")).toHaveText(
        `Only 1 left of ${mixed.name} in size ${oneOff}. Please lower the quantity in your cart.`,
      );
      await expect(page).toHaveURL("/cart");
      await expect(page.getByLabel("Full name")).toHaveValue("Wanjiru Kamau");
      // axe runs inside the page, which needs JavaScript.
      if (javaScriptEnabled) await expectAccessible(page, "cart with a line the shelf cannot fill");
    });
  });
}
