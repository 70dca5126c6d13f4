import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  addProduct,
  backOfficeURL,
  chooseSize,
  expect,
  expectAccessible,
  logInAsOwner,
  OWNER,
  openDashboard,
  payOnPesapal,
  shopperPhone,
  test,
} from "./fixtures";

// The back office's shop: the owner counts the pieces of products these tests added themselves.
test.use({ baseURL: backOfficeURL });

const tagOf = (testInfo: TestInfo) =>
  `${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;

/** Adds a dress with pieces per size (a size left out of `stock` is not counted). */
const addDress = (
  page: Page,
  name: string,
  sizes: string[],
  stock: Record<string, number>,
): Promise<string> =>
  addProduct(page, backOfficeURL, { name, category: "dresses", price: 3100, sizes, stock });

const listed = (page: Page, name: string) =>
  page.getByTestId("admin-product").filter({ hasText: name });

/** A shopper in a browser of their own takes `count` pieces of a size to the payment page. */
async function shopperHolds(browser: Browser, productId: string, size: string, count: number) {
  const context = await browser.newContext({
    baseURL: backOfficeURL,
    serviceWorkers: "block",
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  const page = await context.newPage();
  try {
    for (let i = 0; i < count; i++) {
      await page.goto(`/product/${productId}`);
      await chooseSize(page, size);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByTestId("cart-badge")).toHaveText(String(i + 1));
    }
    await page.goto("/cart");
    await page.getByRole("textbox", { name: "Full name", exact: true }).fill("Otieno Ouma");
    await page.getByRole("textbox", { name: "Phone", exact: true }).fill(shopperPhone());
    await page.getByRole("textbox", { name: "Email" }).fill("otieno@example.co.ke");
    await payOnPesapal(page);
    await expect(page.getByRole("heading", { name: /^Pay KES/ })).toBeVisible();
  } finally {
    await context.close();
  }
}

test.describe("The owner manages stock", () => {
  test("the editor sets pieces per size and adds a size; the product page shows it", async ({
    page,
  }, testInfo) => {
    await logInAsOwner(page);
    const name = `Kito Counted Dress ${tagOf(testInfo)}`;
    const id = await addDress(page, name, ["S", "M"], { S: 5 });
    await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
    const row = listed(page, name);
    await expect(row.getByTestId("stock-summary")).toHaveText("Stock:S: 5M: not tracked");

    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByText("Sizes and stock")).toBeVisible();
    await expect(
      edit.getByText(
        "Pieces on the shelf for each size chosen. Leave it empty to sell without counting.",
      ),
    ).toBeVisible();
    await expect(edit.getByLabel("Pieces in size S")).toHaveValue("5");
    // The product's own 'act now' line, a few pieces unless the owner says otherwise.
    await expect(edit.getByLabel("Low stock at")).toHaveValue("2");
    await expect(edit.getByLabel("Low stock at")).toHaveAccessibleDescription(
      "Pieces of a size. At this many or fewer, the dashboard counts the product as low stock.",
    );
    await expect(edit.getByLabel("Pieces in size M")).toHaveValue("");
    // A size the product does not have yet shows its field once chosen.
    await expect(edit.getByLabel("Pieces in size L")).toBeHidden();
    await edit.locator("label").filter({ hasText: /^L$/ }).click();
    await expect(edit.getByLabel("Pieces in size L")).toBeVisible();
    await expectAccessible(page, "editor with stock per size");

    // A count that is not one is refused before anything is sent, next to the sizes.
    await edit.getByLabel("Pieces in size L").fill("-1");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText(
      "Please enter a whole number of pieces from 0 to 100000, or leave it empty to sell without counting.",
    );
    await expect(edit.getByLabel("Pieces in size L")).toHaveAttribute("aria-invalid", "true");
    await edit.getByLabel("Pieces in size L").fill("0");
    await edit.getByLabel("Pieces in size S").fill("2");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByTestId("stock-summary")).toHaveText("Stock:S: 2M: not trackedL: 0");

    await page.goto(`/product/${id}`);
    await expect(page.getByRole("radio", { name: "S", exact: true })).toHaveAccessibleDescription(
      "Only 2 left",
    );
    await expect(page.getByRole("radio", { name: "M", exact: true })).toBeEnabled();
    await expect(page.getByRole("radio", { name: "L (Sold out)", exact: true })).toBeDisabled();
  });

  test.describe("While the editor is open", () => {
    // The refused save answers 400, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 400/] });

    test("a sale while the editor was open is never undone by its save", async ({
      page,
      browser,
    }, testInfo) => {
      await logInAsOwner(page);
      const name = `Kito Busy Dress ${tagOf(testInfo)}`;
      const id = await addDress(page, name, ["S"], { S: 3 });
      await openDashboard(page, `/admin?${new URLSearchParams({ edit: id, q: name })}`);
      const edit = page.getByRole("dialog", { name: "Edit Product" });
      await expect(edit.getByLabel("Pieces in size S")).toHaveValue("3");
      await shopperHolds(browser, id, "S", 1);
      await edit.getByLabel("Pieces in size S").fill("5");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      const failure = edit.getByRole("alert");
      await expect(failure).toContainText("Failed to update product.");
      await expect(failure).toContainText(
        "The stock of size S changed while you were editing (now 2). Please check it and save again.",
      );
      await expect(edit.getByLabel("Pieces in size S")).toHaveValue("5");
      // The product's own 'act now' line, a few pieces unless the owner says otherwise.
      await expect(edit.getByLabel("Low stock at")).toHaveValue("2");
      await expect(edit.getByLabel("Low stock at")).toHaveAccessibleDescription(
        "Pieces of a size. At this many or fewer, the dashboard counts the product as low stock.",
      );
      // Opened again, the form shows the shelf as it is now.
      await edit.getByRole("link", { name: "Cancel" }).click();
      await listed(page, name)
        .getByRole("link", { name: `Edit ${name}` })
        .click();
      await expect(edit.getByLabel("Pieces in size S")).toHaveValue("2");
    });
  });

  test("'Low stock' on the dashboard leads to the products with a size at its own line or fewer (2 unless set)", async ({
    page,
  }, testInfo) => {
    await logInAsOwner(page);
    const tag = tagOf(testInfo);
    const low = `Kito Low Dress ${tag}`;
    const plenty = `Kito Plenty Dress ${tag}`;
    const free = `Kito Uncounted Dress ${tag}`;
    await addDress(page, low, ["S", "M"], { S: 2, M: 8 });
    await addDress(page, plenty, ["S"], { S: 9 });
    await addDress(page, free, ["S"], {});

    await openDashboard(page);
    // The spec's four cards stay as they are; 'Low stock' comes beside them.
    for (const label of ["Total Revenue", "Total Orders", "Total Products", "Completed Orders"]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("stat-Low stock")).toHaveText(/^[1-9][\d,]*$/);
    await page.getByRole("link", { name: "Low stock", exact: true }).click();
    await expect(page).toHaveURL("/admin?stock=low");
    await expect(page.getByRole("checkbox", { name: "Low stock" })).toBeChecked();
    await page.getByRole("searchbox", { name: "Search products" }).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/stock=low/);
    await expect(listed(page, low)).toHaveCount(1);
    await expect(listed(page, plenty)).toHaveCount(0);
    await expect(listed(page, free)).toHaveCount(0);
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();
    await expectAccessible(page, "products with low stock");

    await page.getByRole("checkbox", { name: "Low stock" }).uncheck();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("3 products", { exact: true })).toBeVisible();
    await expect(listed(page, plenty).getByTestId("stock-summary")).toHaveText("Stock:S: 9");
    await expect(listed(page, free).getByText("Stock not tracked")).toBeVisible();
  });

  test("a product's history shows its ledger: the owner's counts and an order's hold", async ({
    page,
    browser,
  }, testInfo) => {
    await logInAsOwner(page);
    const tag = tagOf(testInfo);
    const name = `Kito History Dress ${tag}`;
    const id = await addDress(page, name, ["M"], { M: 2 });
    const free = `Kito Uncounted Bag ${tag}`;
    await addProduct(page, backOfficeURL, { name: free, category: "accessories", price: 900 });
    await shopperHolds(browser, id, "M", 1);

    await openDashboard(page, `/admin?${new URLSearchParams({ q: tag })}`);
    await listed(page, name)
      .getByRole("link", { name: `Stock history of ${name}` })
      .click();
    const history = page.getByRole("dialog", { name: `Stock history: ${name}` });
    const moves = history.getByTestId("stock-movement");
    await expect(moves).toHaveCount(2);
    await expect(moves.nth(0)).toContainText("Held");
    await expect(moves.nth(0)).toContainText("Change −1");
    await expect(moves.nth(0)).toContainText("Size M");
    await expect(moves.nth(0)).toContainText("Left 1");
    await expect(moves.nth(0)).toContainText("checkout");
    const order = moves.nth(0).getByRole("link", { name: /^Order [0-9A-F]{8}$/ });
    await expect(order).toBeVisible();
    await expect(moves.nth(1)).toContainText("Adjusted");
    await expect(moves.nth(1)).toContainText("Change +2");
    await expect(moves.nth(1)).toContainText("Left 2");
    await expect(moves.nth(1)).toContainText(OWNER.email);
    await expect(moves.nth(1)).toContainText("new product");
    await expectAccessible(page, "stock history");

    // The order behind a hold is one tap away.
    const reference = (await order.textContent())!.replace("Order ", "");
    await order.click();
    await expect(page).toHaveURL(`/admin/orders?q=${reference}`);
    await expect(page.getByTestId("order-row").filter({ hasText: reference })).toHaveCount(1);

    await openDashboard(page, `/admin?${new URLSearchParams({ q: tag })}`);
    await listed(page, free)
      .getByRole("link", { name: `Stock history of ${free}` })
      .click();
    await expect(
      page
        .getByRole("dialog", { name: `Stock history: ${free}` })
        .getByText("No stock movements: this product's stock is not tracked."),
    ).toBeVisible();
  });
});
