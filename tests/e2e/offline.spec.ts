import type { Page } from "@playwright/test";
import { NO_CONNECTION } from "../../app/components/offline/OfflinePage";
import { inStock } from "./catalogue";
import { expect, expectAccessible, test } from "./fixtures";

// Only here does the shop's service worker run (the suite blocks it elsewhere).
test.use({ serviceWorkers: "allow" });
// Chromium reports the failed requests of an offline page as console errors.
test.use({
  expectedConsoleErrors: [
    /ERR_INTERNET_DISCONNECTED|Failed to (fetch|load)|Error loading route module/,
  ],
});

/** The service worker installed, its offline page kept, and this page under its control. */
async function serviceWorkerInCharge(page: Page) {
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
      );
    }
  });
}

test.describe("A dropped connection", () => {
  test("a page that cannot load shows the shop's header, the sentence and a retry of that page", async ({
    page,
    context,
  }) => {
    await serviceWorkerInCharge(page);
    await context.setOffline(true);
    await page.goto("/shop?category=dresses");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No connection");
    await expect(page.getByText(NO_CONNECTION)).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }),
    ).toBeVisible();
    const retry = page.getByRole("link", { name: "Try again" });
    await expect(retry).toHaveAttribute("href", /\/shop\?category=dresses$/);
    await expectAccessible(page, "the offline page");

    await context.setOffline(false);
    await retry.click();
    await expect(page).toHaveURL(/\/shop\?category=dresses$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("No connection");
  });

  test("sorting without a connection keeps the shop's header and says so, with a retry", async ({
    page,
    context,
  }) => {
    await page.goto("/shop");
    await context.setOffline(true);
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(page.getByText(NO_CONNECTION)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No connection");
    await expect(page.getByRole("link", { name: "Amani Prints" })).toBeVisible();
    await expectAccessible(page, "the offline error");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");
    await expect(page.getByLabel("Sort by")).toHaveValue(/price/);
  });

  test("a page whose code never arrived gives way to the offline page", async ({
    page,
    context,
  }) => {
    await serviceWorkerInCharge(page);
    await page.goto("/shop");
    const first = page.getByTestId("product-card").first().getByRole("link");
    await context.setOffline(true);
    await first.click();
    // The router reloads the page when a route's code cannot load: the service worker answers.
    await expect(page.getByText(NO_CONNECTION)).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", /\/shop$/);
  });

  test("the service worker keeps no page, cart, checkout or API answer", async ({ page }) => {
    await serviceWorkerInCharge(page);
    await page.goto(`/product/${inStock.find((p) => p.sizes.length === 0)!.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.goto("/cart");
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain("/offline");
    expect(kept.some((u) => u.endsWith(".css"))).toBe(true);
    for (const url of kept) expect(url).toMatch(/^(\/offline|\/favicon\.svg|\/assets\/.+)$/);
  });
});
