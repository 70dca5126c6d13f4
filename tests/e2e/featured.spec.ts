import type { Page } from "@playwright/test";
import {
  addProduct,
  backOfficeURL,
  expect,
  expectAccessible,
  logInAsOwner,
  openDashboard,
  test,
} from "./fixtures";

// The back office's shop: its owner decides what Home features.
test.use({ baseURL: backOfficeURL });

/** Where each product stands in the owner's list of featured products. */
async function positions(page: Page, names: string[]) {
  const listed = await page
    .getByTestId("featured-product")
    .getByRole("paragraph")
    .allTextContents();
  return names.map((name) => listed.indexOf(name));
}

test.describe("Featured on Home", () => {
  test("a newly featured piece reaches Home first; the owner reorders; the new order is Home's", async ({
    page,
  }, testInfo) => {
    await logInAsOwner(page);
    const tag = `${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;
    // Names that sort last: by name alone they would never reach Home.
    const older = `Zz Featured Older ${tag}`;
    const newer = `Zz Featured Newer ${tag}`;
    for (const name of [older, newer]) {
      await addProduct(page, backOfficeURL, {
        name,
        category: "dresses",
        price: 2500,
        isFeatured: true,
      });
    }

    await page.goto("/");
    const home = page.getByRole("region", { name: "Featured Products" });
    await expect(home.getByRole("link", { name: newer }).first()).toBeVisible();
    await expect(home.getByRole("link", { name: older }).first()).toBeVisible();

    await openDashboard(page, "/admin/featured");
    await expect(page.getByRole("heading", { name: "Featured on Home" })).toBeVisible();
    const [olderAt, newerAt] = await positions(page, [older, newer]);
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(newerAt).toBeLessThan(olderAt!);
    await expect(page.getByTestId("featured-product").filter({ hasText: newer })).toContainText(
      "On Home",
    );
    await expectAccessible(page, "featured on Home");

    // Down, a place at a time, until the newer one is below the older (others may sit between).
    for (let i = 0; i < 6; i++) {
      const [o, n] = await positions(page, [older, newer]);
      if (n! > o!) break;
      const row = page.getByTestId("featured-product").filter({ hasText: newer });
      await row.getByRole("button", { name: `Move ${newer} down` }).click();
      await expect.poll(async () => (await positions(page, [newer]))[0]).toBeGreaterThan(n!);
    }
    const [o, n] = await positions(page, [older, newer]);
    expect(n).toBeGreaterThan(o!);
    await expect(page.getByRole("button", { name: "Newest featured first" })).toBeVisible();

    await page.goto("/");
    const cards = await home.getByRole("heading", { level: 3 }).allTextContents();
    expect(cards.indexOf(older)).toBeGreaterThanOrEqual(0);
    expect(cards.indexOf(newer)).toBeGreaterThan(cards.indexOf(older));

    // Its own pieces leave Home again.
    for (const name of [older, newer]) {
      await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
      await page.getByRole("button", { name: `Featured: ${name}` }).click();
      await expect(page.getByRole("button", { name: `Featured: ${name}` })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }
  });
});
