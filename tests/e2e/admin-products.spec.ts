import fs from "node:fs";
import path from "node:path";
import { tempDir } from "../setup/temp-dir";
import { catalogue } from "./catalogue";
import {
  backOfficeURL,
  expect,
  expectAccessible,
  holdRequests,
  logInAsOwner,
  openDashboard,
  photo,
  test,
} from "./fixtures";

// The back office's own shop: products added here never reach the storefront specs' counts.
test.use({ baseURL: backOfficeURL });

test.describe("Managing products", () => {
  // A refused upload answers 400, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test.beforeEach(async ({ page }) => {
    await logInAsOwner(page);
  });

  test("a search that finds one product says '1 product'", async ({ page }) => {
    const longest = catalogue.reduce((a, b) => (b.name.length > a.name.length ? b : a));
    await openDashboard(page, `/admin?q=${encodeURIComponent(longest.name)}`);
    await expect(page.getByText(/^\d+ products?$/)).toHaveText("1 product");
    await openDashboard(page, "/admin");
    await expect(page.getByText(/^\d+ products?$/)).toHaveText(/^\d+ products$/);
  });

  test("add with 3 images, find it in the shop, edit, hide and delete it", async ({
    page,
  }, testInfo) => {
    test.slow();
    // Phone and desktop share one shop: each adds its own product.
    const name = `Kanga Test Dress ${testInfo.project.name} ${Date.now().toString(36)}`;
    const images = await Promise.all([
      photo("front.png", "png", 40),
      photo("back.jpg", "jpeg", 120),
      photo("detail.webp", "webp", 200),
      photo("extra.png", "png", 250),
    ]);

    await page.getByText("Add New Product").click();
    const add = page.getByRole("form", { name: "Add New Product" });
    await expect(add.getByLabel("Category")).toHaveValue("dresses");

    // Required fields are checked with the server's rules before anything is sent.
    await add.getByRole("button", { name: "Add Product" }).click();
    await expect(add.getByText("Please enter the product name.")).toBeVisible();
    await expect(add.getByText("Please enter a description.")).toBeVisible();
    await expectAccessible(page, "add product with errors");

    // A corrected field loses its error at once; the others keep theirs until they are mended.
    await add.getByLabel("Name").fill(name);
    await expect(add.getByText("Please enter the product name.")).toBeHidden();
    await expect(add.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(add.getByText("Please enter a description.")).toBeVisible();
    await add.getByLabel("Original price (KSh, optional)").fill("4200");
    await add.getByLabel("Current price (KSh)").fill("3650");
    await add.getByLabel("Description").fill("A flowing kanga dress for warm days.");
    await add.getByLabel("Details").fill("100% cotton. Hand wash cold.");
    for (const size of ["M", "L"]) await add.getByText(size, { exact: true }).click();
    await add.getByRole("button", { name: "Add Product" }).click();
    await expect(add.getByRole("alert")).toHaveText("Please select at least one image.");

    // Choosing four keeps the first three, and the missing-image error goes.
    await add.getByLabel("Images").setInputFiles(images);
    await expect(add.getByRole("alert")).toHaveCount(0);
    await expect(add.getByText("Only the first 3 images are kept.")).toBeVisible();
    await expect(add.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(3);

    const adding = await holdRequests(page, /\/admin\/products$/);
    await add.getByRole("button", { name: "Add Product" }).click();
    await expect(add.getByRole("button", { name: "Adding..." })).toBeDisabled();
    await expect(add.getByRole("progressbar")).toBeVisible();
    adding.release();
    await expect(page.getByText("Product added.")).toBeVisible();
    await expect(add.getByLabel("Name")).toHaveValue("");
    // The list shows it first, marked, though A to Z puts it pages further on.
    const first = page.getByTestId("admin-product").first();
    await expect(first).toContainText(name);
    await expect(first).toContainText("Just added");
    await expect(page.getByTestId("admin-product").filter({ hasText: name })).toHaveCount(1);
    await expectAccessible(page, "list with the product just added");

    // The shopper finds it, with its three photos, prices and sizes.
    await page.goto(`/shop?${new URLSearchParams({ q: name })}`);
    await page.getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("link", { name: /Show photo \d of 3/ })).toHaveCount(3);
    await expect(page.getByText("KSh 3,650").first()).toBeVisible();
    const productUrl = page.url();

    // Edit: keep the first image, drop the other two, add a new one, change the price.
    await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
    const row = page.getByTestId("admin-product").filter({ hasText: name });
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    await expect(edit.getByLabel("Current price (KSh)")).toHaveValue("3650");
    await expect(edit.getByText("M", { exact: true })).toBeVisible();
    await expectAccessible(page, "edit product");
    // Three kept images leave no room; dropping two makes room for two.
    await expect(edit.getByText(/Max 3 total \(room for 0 more\)/)).toBeVisible();
    await edit.getByLabel("Keep image 2").uncheck();
    await edit.getByLabel("Keep image 3").uncheck();
    await expect(edit.getByText(/Max 3 total \(room for 2 more\)/)).toBeVisible();
    await edit.getByLabel("Add images").setInputFiles([await photo("new.jpg", "jpeg", 10)]);
    await edit.getByLabel("Current price (KSh)").fill("3300");
    const saving = await holdRequests(page, /\/admin\/products\/\d+$/);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("button", { name: "Saving..." })).toBeDisabled();
    saving.release();
    await expect(edit).toBeHidden();
    await expect(row.getByText("KSh 3,300")).toBeVisible();
    await expect(row.getByText("KSh 4,200")).toBeVisible();

    await page.goto(productUrl);
    await expect(page.getByRole("link", { name: /Show photo \d of 2/ })).toHaveCount(2);
    await expect(page.getByText("KSh 3,300").first()).toBeVisible();

    // Hide it: gone from the shop.
    await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
    await row.getByRole("button", { name: /^Available/ }).click();
    await expect(row.getByRole("button", { name: /^Hidden/ })).toBeVisible();
    await page.goto(`/shop?${new URLSearchParams({ q: name })}`);
    await expect(page.getByRole("link", { name })).toHaveCount(0);

    // Delete it, after the confirmation.
    await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete "${name}"?` });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "delete confirmation");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: `Delete ${name}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No products found matching your search criteria")).toBeVisible();
    expect((await page.request.get(productUrl)).status()).toBe(404);
  });

  test("a text file named .png is refused with the spec's failure text", async ({ page }) => {
    await page.getByText("Add New Product").click();
    const add = page.getByRole("form", { name: "Add New Product" });
    await add.getByLabel("Name").fill("Not A Photo");
    await add.getByLabel("Original price (KSh, optional)").fill("0");
    await add.getByLabel("Current price (KSh)").fill("1000");
    await add.getByLabel("Description").fill("This upload is a text file.");
    await add.getByLabel("Images").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text, not an image"),
    });
    await add.getByRole("button", { name: "Add Product" }).click();
    const alert = add.getByRole("alert");
    await expect(alert).toContainText("Failed to create product.");
    await expect(alert).toContainText("photo.png: That file is not a PNG, JPEG or WebP image.");
    // Nothing was lost: the form still holds what was typed.
    await expect(add.getByLabel("Name")).toHaveValue("Not A Photo");
    await page.goto("/admin?q=Not+A+Photo");
    await expect(page.getByText("No products found matching your search criteria")).toBeVisible();
  });
});

test.describe("When a product change fails", () => {
  // The refusals below answer 400 and 404, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of (400|404)/] });

  test("edit says 'Failed to update product.'; a product another admin deleted says 'Failed to delete product.'", async ({
    page,
    baseURL,
  }, testInfo) => {
    await logInAsOwner(page);
    const name = `Shared Shuka ${testInfo.project.name} ${Date.now().toString(36)}`;
    // Another admin's session in the same browser adds the product through the endpoint.
    const created = await page.request.post("/admin/products", {
      headers: { Accept: "application/json", Origin: baseURL! },
      multipart: {
        name,
        originalPrice: "0",
        price: "2400",
        category: "masaai-shukas",
        description: "A red and blue checked shuka.",
        inStock: "on",
        images: await photo("shuka.png", "png", 220),
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await openDashboard(page, `/admin?edit=${id}`);
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await edit.getByLabel("Add images").setInputFiles({
      name: "not-a-photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("plain text"),
    });
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("alert")).toContainText("Failed to update product.");
    await expect(edit.getByRole("alert")).toContainText("not-a-photo.png");
    await edit.getByRole("link", { name: "Cancel" }).click();
    await expect(edit).toBeHidden();

    await openDashboard(page, `/admin?delete=${id}`);
    const confirm = page.getByRole("dialog", { name: `Delete "${name}"?` });
    await expect(confirm).toBeVisible();
    // Meanwhile the other admin deletes it.
    const gone = await page.request.post(`/admin/products/${id}`, {
      headers: { Accept: "application/json", Origin: baseURL! },
      form: { intent: "delete" },
    });
    expect(gone.status()).toBe(200);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to delete product.");
    await expect(confirm).toBeHidden();
  });
});

test.describe("Managing products without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add, edit and delete work as plain form posts", async ({ page }, testInfo) => {
    const name = `Plain Form Scarf ${testInfo.project.name} ${Date.now().toString(36)}`;
    await logInAsOwner(page);

    // A refusal comes back as the spec's text.
    await page.getByText("Add New Product").click();
    const add = page.getByRole("form", { name: "Add New Product" });
    await add.getByLabel("Name").fill(name);
    await add.getByRole("button", { name: "Add Product" }).click();
    await expect(page).toHaveURL("/admin?failed=create");
    await expect(page.getByRole("alert")).toHaveText("Failed to create product.");

    await page.getByText("Add New Product").click();
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Original price (KSh, optional)").fill("0");
    await add.getByLabel("Current price (KSh)").fill("900");
    await add.getByLabel("Category").selectOption({ label: "Accessories" });
    await add.getByLabel("Description").fill("A light cotton scarf in kanga print.");
    await add.getByLabel("Images").setInputFiles([await photo("scarf.jpg", "jpeg", 60)]);
    await add.getByRole("button", { name: "Add Product" }).click();
    // Back on the list, with the new product first and no trace of the earlier refusal.
    await expect(page).toHaveURL(/^[^?]*\/admin\?added=\d+$/);
    await expect(page.getByRole("alert")).toHaveCount(0);
    const added = page.getByTestId("admin-product").first();
    await expect(added).toContainText(name);
    await expect(added).toContainText("Just added");

    await page.goto(`/admin?${new URLSearchParams({ q: name })}`);
    const row = page.getByTestId("admin-product").filter({ hasText: name });
    await expect(row).toContainText("KSh 900");
    await expect(row).not.toContainText("Just added");
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit).toBeVisible();
    await edit.getByLabel("Current price (KSh)").fill("850");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(row).toContainText("KSh 850");
    await expect(edit).toHaveCount(0);

    await row.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete "${name}"?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No products found matching your search criteria")).toBeVisible();
  });

  test.describe("photos too large together", () => {
    // The refused post answers 413, which the browser logs.
    test.use({ expectedConsoleErrors: [/status of 413/] });

    test("are refused with a page that says why and leads back", async ({ page, browser }) => {
      // Four files of 9 MB: over the request's cap before the server keeps the first 3.
      const dir = tempDir("large-photos");
      const files = [1, 2, 3, 4].map((n) => {
        const file = path.join(dir, `fabric-${n}.jpg`);
        fs.writeFileSync(file, Buffer.alloc(9 * 1024 * 1024, n));
        return file;
      });
      await logInAsOwner(page);
      await page.getByText("Add New Product").click();
      const add = page.getByRole("form", { name: "Add New Product" });
      await add.getByLabel("Name").fill("Heavy Photo Dress");
      await add.getByLabel("Images").setInputFiles(files);
      await add.getByRole("button", { name: "Add Product" }).click();

      await expect(page.getByRole("heading", { name: "Too large to send" })).toBeVisible();
      await expect(page.getByText(/Choose at most 3 photos, each 10 MB or smaller/)).toBeVisible();
      // axe needs JavaScript: check the same markup in a page that has it.
      const withScript = await browser.newContext({ javaScriptEnabled: true });
      const viewer = await withScript.newPage();
      await viewer.setContent(await page.content());
      await expectAccessible(viewer, "upload too large");
      await withScript.close();
      await page.getByRole("link", { name: "Go back" }).click();
      await expect(page).toHaveURL("/admin");
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
});
