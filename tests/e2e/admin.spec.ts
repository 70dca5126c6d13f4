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
