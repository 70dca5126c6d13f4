import { expect, expectAccessible, test } from "./fixtures";

const OWNER = { email: "owner@amaniprints.test", password: "kitenge-owner-2026" };

test.describe("Admin login", () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("/admin without a session goes to /login; wrong then right credentials; logout", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expectAccessible(page, "login");

    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Wrong email/password");
    await expect(page.getByLabel("Email")).toHaveValue(OWNER.email);

    await page.route(/\/login\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    for (const label of ["Total Revenue", "Total Orders", "Total Products", "Completed Orders"]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("stat-Total Products")).toHaveText("181");
    await expect(page.getByTestId("stat-Total Revenue")).toHaveText(/^KSh [\d,]+$/);
    await expectAccessible(page, "dashboard");

    // A signed-in admin visiting /login is sent to the dashboard.
    await page.goto("/login");
    await expect(page).toHaveURL("/admin");

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/admin");
    await expect(page).toHaveURL("/login");
  });
});

test.describe("Dashboard", () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test.beforeEach(async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/admin");
  });

  test("orders: sections, filter, details, and a status change that says 'Updating...'", async ({
    page,
  }, testInfo) => {
    // Each project places its own order, under its own name.
    const customer = `Otieno ${testInfo.project.name === "phone" ? "Simu" : "Tarakilishi"}`;
    // An order to manage: placed through the shop and left pending on the payment page.
    await page.goto("/product/148");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await page.goto("/cart");
    await page.getByLabel("Full name").fill(customer);
    await page.getByLabel("Phone").fill("0722000111");
    await page.getByRole("textbox", { name: "Email" }).fill("otieno@example.co.ke");
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await page.getByRole("button", { name: "Leave pending" }).click();
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();

    await page.goto("/admin?tab=orders&status=Pending");
    await expect(page.getByRole("link", { name: "View Orders" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: "Completed Orders (0)" })).toBeVisible();
    await expect(page.getByText("No completed orders yet")).toBeVisible();
    await expect(page.getByText("No failed orders")).toBeVisible();
    const other = page.getByRole("region", { name: /^Other Orders \(\d+\)$/ });
    const row = other.getByTestId("order-row").filter({ hasText: customer }).first();
    await expect(row).toContainText("254722000111");
    await expect(row).toContainText("otieno@example.co.ke");
    await expect(row.getByText(/^[0-9a-f]{8}\.\.\.$/)).toBeVisible();
    await expectAccessible(page, "orders tab");

    await row.getByRole("button", { name: /View details/ }).click();
    const details = page.getByRole("dialog", { name: "Order Details" });
    await expect(details.getByTestId("status-badge")).toHaveText("Pending");
    await expect(details).toContainText(customer);
    // No payment notification yet: the spec's 'N/A'.
    await expect(details).toContainText("Payment methodN/A");
    await expect(details).toContainText("Delivery fee");
    await expectAccessible(page, "order details");
    await details.getByRole("button", { name: "Close" }).click();

    await page.route(/\/admin\.data/, async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await row.getByRole("combobox").selectOption("Shipped");
    await expect(row.getByRole("combobox")).toBeDisabled();
    await expect(row.getByRole("combobox")).toHaveText("Updating...");
    // Saved, it leaves the Pending list.
    await expect(other.getByTestId("order-row").filter({ hasText: customer })).toHaveCount(0, {
      timeout: 10_000,
    });
    await page.goto("/admin?tab=orders&status=Shipped");
    await expect(
      page.getByTestId("order-row").filter({ hasText: customer }).first().getByRole("combobox"),
    ).toHaveValue("Shipped");
  });

  test("products: search, category, and the availability toggle hides a product from the shop", async ({
    page,
  }, testInfo) => {
    await expect(page.getByRole("link", { name: "Manage Products" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByPlaceholder("Search products...").fill("zzzz-none");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No products found matching your search criteria")).toBeVisible();
    await page.getByPlaceholder("Search products...").fill("");
    await page.getByLabel("Category").selectOption({ label: "Accessories" });
    await page.getByRole("button", { name: "Search" }).click();
    // Each project takes its own available product.
    const available = page.getByTestId("admin-product").filter({ hasText: "Available" });
    const name = (await available
      .nth(testInfo.project.name === "phone" ? 0 : 1)
      .locator("p.font-medium")
      .textContent())!;
    const first = page.getByTestId("admin-product").filter({ hasText: name });
    await expectAccessible(page, "products tab");
    await first.getByRole("button", { name: /^Available/ }).click();
    await expect(first.getByRole("button", { name: /^Hidden/ })).toBeVisible();
    await page.goto(`/shop?q=${encodeURIComponent(name)}`);
    await expect(page.getByText("Showing 0 products")).toBeVisible();
    await page.goto("/admin?category=accessories");
    await page
      .getByTestId("admin-product")
      .filter({ hasText: name })
      .getByRole("button", { name: /^Hidden/ })
      .click();
    await expect(page.getByTestId("admin-product").filter({ hasText: name })).toContainText(
      "Available",
    );
  });
});
