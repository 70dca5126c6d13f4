import type { TestInfo } from "@playwright/test";
import {
  addProduct,
  backOfficeURL,
  expect,
  expectAccessible,
  isPhone,
  ksh,
  logInAsOwner,
  openDashboard,
  test,
} from "./fixtures";

// The back office's shop: the owner puts a product of their own on sale.
test.use({ baseURL: backOfficeURL });

const tagOf = (testInfo: TestInfo) =>
  `${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;

test.describe("A sale", () => {
  test("the owner puts a product on sale; the Shop, 'On sale', the product page and the cart sell at the sale price", async ({
    page,
  }, testInfo) => {
    await logInAsOwner(page);
    const name = `Zawadi Sale Kimono ${tagOf(testInfo)}`;
    const id = await addProduct(page, backOfficeURL, { name, category: "kimonos", price: 4200 });
    await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
    const row = page.getByTestId("admin-product").filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });

    // At or above the price is no sale: refused beside the field, nothing saved.
    await edit.getByLabel("Sale price (KSh)").fill("4200");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText(
      "Please enter the sale price: a whole number of shillings below the current price, or leave it empty.",
    );
    await expectAccessible(page, "editor with a refused sale price");
    await edit.getByLabel("Sale price (KSh)").fill("3150");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${ksh(3150)}, on sale now`);

    await page.goto(`/shop?${new URLSearchParams({ q: name })}`);
    const card = page.getByTestId("product-card").filter({ hasText: name });
    await expect(card.getByText("Sale", { exact: true })).toBeVisible();
    await expect(card.getByText(ksh(3150), { exact: true })).toBeVisible();
    await expect(card.locator("s")).toHaveText(`Was ${ksh(4200)}`);

    // 'On sale' lists it; it works as a plain GET form too.
    if (isPhone(page)) await expect(page.getByLabel("On sale")).toBeVisible();
    await page.getByLabel("On sale").check();
    await expect(page).toHaveURL(/[?&]sale=on/);
    await expect(page.getByTestId("product-card")).toHaveCount(1);
    await expect(card).toBeVisible();
    await expectAccessible(page, "shop on sale");

    await card.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${id}`));
    const price = page.locator("main").getByText(ksh(3150)).first();
    await expect(price).toBeVisible();
    await expect(page.locator("main s").first()).toHaveText(`Was ${ksh(4200)}`);
    await expect(page.locator("main").getByText("Sale", { exact: true }).first()).toBeVisible();
    const offer = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(offer!).offers.price).toBe(3150);
    await expectAccessible(page, "product on sale");

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.goto("/cart");
    await expect(page.getByText(`${ksh(3150)} each`)).toBeVisible();
    await expect(page.locator("main s").first()).toHaveText(ksh(4200));
  });

  test("a sale that has not started yet shows nowhere in the shop", async ({ page }, testInfo) => {
    await logInAsOwner(page);
    const name = `Zawadi Later Kimono ${tagOf(testInfo)}`;
    const id = await addProduct(page, backOfficeURL, { name, category: "kimonos", price: 4200 });
    await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
    const row = page.getByTestId("admin-product").filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await edit.getByLabel("Sale price (KSh)").fill("3150");
    await edit.getByLabel("Sale starts").fill("2099-12-12T09:00");
    await edit.getByLabel("Sale ends").fill("2099-12-12T08:00");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText(
      "Please enter when the sale ends, after it starts, or leave it empty to run it until you end it.",
    );
    await edit.getByLabel("Sale ends").fill("2099-12-13T09:00");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${ksh(3150)}, sale from 12 Dec 2099`);

    await page.goto(`/product/${id}`);
    await expect(page.locator("main").getByText(ksh(4200)).first()).toBeVisible();
    await expect(page.locator("main").getByText("Sale", { exact: true })).toHaveCount(0);
    await page.goto(`/shop?${new URLSearchParams({ q: name, sale: "on" })}`);
    await expect(page.getByTestId("product-card")).toHaveCount(0);
  });
});
