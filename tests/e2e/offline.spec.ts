import type { Page } from "@playwright/test";
import * as en from "../../app/i18n/en";
import { noConnection as NO_CONNECTION } from "../../app/i18n/en";
import * as sw from "../../app/i18n/sw";
import { expectedListing, inStock, madeToOrder } from "./catalogue";
import {
  chooseSize,
  expect,
  expectAccessible,
  fillCheckout,
  ksh,
  loadMore,
  payOnPesapal,
  test,
} from "./fixtures";

// Only here does the shop's service worker run (the suite blocks it elsewhere).
test.use({ serviceWorkers: "allow" });
// Chromium reports the failed requests of an offline page as console errors.
test.use({
  expectedConsoleErrors: [
    /ERR_INTERNET_DISCONNECTED|Failed to (fetch|load)|Error loading route module/,
  ],
});

/** A piece of one size, made to order, is the cart's one line; the cart page is open. */
const piece = madeToOrder.find((p) => p.sizes.length === 0)!;
async function oneSizePieceInCart(page: Page) {
  await page.goto(`/product/${piece.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.goto("/cart");
}

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

  test("a sort, a filter and 'Load more' without a connection keep the list and say so; 'Try again' and the connection's return carry on", async ({
    page,
    context,
  }) => {
    await page.goto("/shop");
    const cards = page.getByTestId("product-card");
    const first = await cards.count();
    const notice = page.getByRole("alert").filter({ hasText: NO_CONNECTION });

    // A patchy network: the phone thinks it is online, but the shop's answers do not arrive.
    await page.route("**/*.data*", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(notice).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shop");
    await expect(cards).toHaveCount(first);
    await expectAccessible(page, "the shop waiting for its connection");
    // Still nothing: 'Try again' tries, and the notice stays.
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect(notice).toBeVisible();
    await page.unrouteAll();
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/sort=price/);
    await expect(page.getByLabel("Sort by")).toHaveValue(/price/);
    await expect(cards.first()).toContainText(expectedListing({ sort: "price-asc" })[0]!.name);

    // A filter offline: the list stays; the connection back, the filtered list arrives.
    await context.setOffline(true);
    await page.getByRole("checkbox", { name: "In stock only" }).check();
    await expect(notice).toBeVisible();
    await expect(cards).toHaveCount(first);
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect(page).toHaveURL(/stock=in/);
    // The address changes a moment before the filtered list is drawn; a tap in between is on the
    // list being left, and its answer is rightly dropped.
    await expect(page.getByRole("link", { name: "Load more" })).toHaveAttribute("href", /stock=in/);

    // 'Load more' offline: the list stays; the connection back, the next page arrives by itself.
    await context.setOffline(true);
    await loadMore(page);
    await expect(notice).toBeVisible();
    await expect(cards).toHaveCount(first);
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect(cards).toHaveCount(first * 2);
  });

  test("Add to Cart, a quantity and Pay without a connection keep the size, the cart and every typed detail", async ({
    page,
    context,
  }) => {
    const sized = madeToOrder.find((p) => p.sizes.length > 1)!;
    const size = sized.sizes[1]!;
    const notice = page.getByRole("alert").filter({ hasText: NO_CONNECTION });
    await page.goto(`/product/${sized.id}`);
    // Choosing a size fetches the cart's code (once the router knows the cart's route); the
    // connection drops a moment later, once it came.
    await cartRouteKnown(page);
    const code: Promise<unknown>[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/assets/")) code.push(r.response());
    });
    await chooseSize(page, size);
    await expect.poll(() => code.length).toBeGreaterThan(0);
    await Promise.all(code);
    await context.setOffline(true);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(notice).toBeVisible();
    await expect(page.getByRole("radio", { name: size, exact: true })).toBeChecked();
    await context.setOffline(false);
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: sized.name });
    await expect(line).toContainText(`Size: ${size}`);
    await context.setOffline(true);
    await line.getByRole("button", { name: /^One more/ }).click();
    await expect(notice).toBeVisible();
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Pay ${ksh(sized.price * 2)}` })).toBeVisible();

    await fillCheckout(page, { name: "Nyokabi Wairimu" });
    await page.getByLabel("Order notes").fill("Leave it at the gate");
    await context.setOffline(true);
    await payOnPesapal(page);
    await expect(notice).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Nyokabi Wairimu");
    await expect(page.getByLabel("Order notes")).toHaveValue("Leave it at the gate");
    await expect(line).toBeVisible();
    await expectAccessible(page, "Pay waiting for its connection");
    // Back online, the Pay pressed goes through by itself.
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
  });

  test("Pay pressed after a drop that came before the checkout's own code keeps what was typed and pays once the connection is back", async ({
    page,
    context,
  }) => {
    // The checkout's rules and draft keeper come after the cart page is interactive; here the
    // connection drops before they do (their first requests fail as a dropped one does).
    let drop!: () => void;
    const dropped = new Promise<void>((go) => (drop = go));
    const failedOnce = new Set<string>();
    await context.route(/\/assets\/(checkout-form|keep-checkout-draft)-/, async (route) => {
      const file = new URL(route.request().url()).pathname;
      if (failedOnce.has(file)) return route.continue();
      failedOnce.add(file);
      await dropped;
      await route.abort("internetdisconnected");
    });
    await oneSizePieceInCart(page);
    await fillCheckout(page, { name: "Nyokabi Wairimu" });
    await context.setOffline(true);
    drop();
    await payOnPesapal(page);
    await expect(page.getByRole("alert").filter({ hasText: NO_CONNECTION })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("Nyokabi Wairimu");
    expect(failedOnce.size).toBeGreaterThan(0);
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
  });

  test("what was typed into the checkout survives a reload, until the order is placed", async ({
    page,
  }) => {
    await oneSizePieceInCart(page);
    await fillCheckout(page, { name: "Nyokabi Wairimu" });
    await page.getByLabel("Rider (boda boda)").check();
    await page.getByLabel(/^Delivery address/).fill("Kenol, Murang'a Rd");
    await page.getByLabel("Order notes").fill("Leave it at the gate");

    await page.reload();
    await expect(page.getByLabel("Full name")).toHaveValue("Nyokabi Wairimu");
    await expect(page.getByLabel("Rider (boda boda)")).toBeChecked();
    await expect(page.getByLabel(/^Delivery address/)).toHaveValue("Kenol, Murang'a Rd");
    await expect(page.getByLabel("Order notes")).toHaveValue("Leave it at the gate");
    await expect(page.getByRole("button", { name: `Pay ${ksh(piece.price + 300)}` })).toBeVisible();

    // Placed and paid: the next checkout in this tab starts empty.
    await payOnPesapal(page);
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
    // The order's page lets the details go once its script runs (its heading can show before
    // the page's scripts are even read, which the fixture's check would take for a page without).
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.goto(`/product/${piece.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.goto("/cart");
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByRole("radio", { name: /^Pickup/ })).toBeChecked();
  });

  test("a page whose code never arrived gives way to the offline page", async ({
    page,
    context,
  }) => {
    await serviceWorkerInCharge(page);
    await page.goto("/shop");
    // The card's name, as a shopper taps it (before JavaScript, its add button is a link too).
    const first = page.getByTestId("product-card").first().getByRole("heading").getByRole("link");
    // The router knows the product page (its links are discovered on sight); its code never came.
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === "true" &&
        Boolean(window.__reactRouterManifest?.routes["routes/storefront/product"]),
    );
    await context.setOffline(true);
    await first.click();
    // The router reloads the page when a route's code cannot load: the service worker answers.
    await expect(page.getByText(NO_CONNECTION)).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", /\/shop$/);
  });

  test("a paid order's page, seen once, opens without a connection", async ({ page, context }) => {
    await serviceWorkerInCharge(page);
    await oneSizePieceInCart(page);
    await fillCheckout(page, {});
    await payOnPesapal(page);
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole("link", { name: "Follow your order" }).click();
    await expect(page.getByTestId("payment-fact")).toHaveText("Paid");
    const reference = await page.getByRole("heading", { level: 1 }).textContent();
    const orderUrl = page.url();
    // The service worker fetches the page to keep it once told to: kept before the line drops.
    await expect
      .poll(() =>
        page.evaluate(
          async (url) => Boolean(await caches.match(url, { cacheName: "orders" })),
          orderUrl,
        ),
      )
      .toBe(true);

    await page.goto("/");
    await context.setOffline(true);
    await page.goto(orderUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(reference!);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Order ");
    await expect(page.getByTestId("payment-fact")).toHaveText("Paid");
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
    expect(kept).toContain("/sw/offline");
    expect(kept.some((u) => u.endsWith(".css"))).toBe(true);
    for (const url of kept) expect(url).toMatch(/^((\/sw)?\/offline|\/favicon\.svg|\/assets\/.+)$/);
  });
});

/** The router learns the cart's route from the forms that post to it, as the page shows them. */
async function cartRouteKnown(page: Page) {
  await page.waitForFunction(() =>
    Boolean(window.__reactRouterManifest?.routes["routes/storefront/cart"]),
  );
}

/** Whether the page has fetched the cart's code yet (Add to Cart needs it to post to the cart). */
async function cartCodeFetched(page: Page) {
  await cartRouteKnown(page);
  return page.evaluate(() => {
    const cart = window.__reactRouterManifest!.routes["routes/storefront/cart"]!;
    return performance
      .getEntriesByType("resource")
      .some((entry) => entry.name === new URL(cart.module, location.href).href);
  });
}

/** Marks the page: a reload (to the offline page or any other) loses the mark. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as { kept?: boolean }).kept = true;
  });
const stillThePage = (page: Page) =>
  page.evaluate(() => (window as { kept?: boolean }).kept === true);

for (const [language, words, prefix] of [
  ["English", en, ""],
  ["Kiswahili", sw, "/sw"],
] as const) {
  test.describe(`Add to Cart before the cart's code came, in ${language}`, () => {
    const sized = madeToOrder.find((p) => p.sizes.length > 1)!;
    const size = sized.sizes[1]!;

    test(`the page and the size stay, the notice offers '${words.tryAgain}', and the piece is added once the connection is back`, async ({
      page,
      context,
    }) => {
      // As on a shopper's phone: the service worker would answer a reload with the offline page.
      await serviceWorkerInCharge(page);
      await page.goto(`${prefix}/product/${sized.id}`);
      await markPage(page);
      const notice = page.getByRole("alert").filter({ hasText: words.noConnection });
      expect(await cartCodeFetched(page)).toBe(false);

      await context.setOffline(true);
      const radio = page.getByRole("radio", { name: size, exact: true });
      await page.locator("label").filter({ has: radio }).click();
      await expect(radio).toBeChecked();
      await page.getByRole("button", { name: words.addToCart }).click();
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("button", { name: words.tryAgain })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(sized.name));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(sized.name);
      await expect(radio).toBeChecked();
      await expectAccessible(page, "Add to Cart waiting for the cart's code");
      // Still offline: 'Try again' tries, and the notice and the size stay.
      await notice.getByRole("button", { name: words.tryAgain }).click();
      await expect(notice).toBeVisible();
      await expect(radio).toBeChecked();

      // The connection back, the add goes through by itself, once.
      await context.setOffline(false);
      await expect(page.getByText(words.addedToCart)).toBeVisible();
      await expect(notice).toHaveCount(0);
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      await expect(radio).toBeChecked();
      expect(await stillThePage(page)).toBe(true);

      await page.goto(`${prefix}/cart`);
      const line = page.getByTestId("cart-line").filter({ hasText: sized.name });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText(words.sizeIs(size));
    });

    test.describe("from a listing", () => {
      // The page's own requests, which page.route sees (a service worker's would pass it by).
      test.use({ serviceWorkers: "block" });
      test(`a card's size picker keeps the list; '${words.tryAgain}' tries, and the piece is added once the code can come`, async ({
        page,
      }) => {
        await page.goto(`${prefix}/shop?q=${encodeURIComponent(sized.name)}`);
        await markPage(page);
        expect(await cartCodeFetched(page)).toBe(false);
        const notice = page.getByRole("alert").filter({ hasText: words.noConnection });
        // A patchy network: the phone thinks it is online, but the cart's code does not arrive.
        const module = await page.evaluate(
          () => window.__reactRouterManifest!.routes["routes/storefront/cart"]!.module,
        );
        await page.route(
          (url) => url.pathname === module,
          (route) => route.abort("internetdisconnected"),
        );
        const card = page.getByTestId("product-card").filter({ hasText: sized.name }).first();
        await card.getByRole("button", { name: words.addChoosingSize(sized.name) }).click();
        await card.getByRole("button", { name: size, exact: true }).click();
        await expect(notice).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(
          words.noConnectionTitle,
        );
        await expect(card).toBeVisible();
        await expectAccessible(page, "a card's add waiting for the cart's code");
        await notice.getByRole("button", { name: words.tryAgain }).click();
        await expect(notice).toBeVisible();

        // The code can come: the retry every few seconds while the phone says it is online adds
        // the piece (a tap on 'Try again' could land as the notice goes).
        await page.unrouteAll();
        await expect(page.getByText(words.addedToCart)).toBeVisible();
        await expect(notice).toHaveCount(0);
        await expect(page.getByTestId("cart-badge")).toHaveText("1");
        expect(await stillThePage(page)).toBe(true);
        await page.goto(`${prefix}/cart`);
        await expect(page.getByTestId("cart-line").filter({ hasText: sized.name })).toContainText(
          words.sizeIs(size),
        );
      });
    });
  });
}

test.describe("The parts loaded on demand", () => {
  // The page's own requests, which page.route sees (a service worker's would pass it by).
  test.use({ serviceWorkers: "block" });

  test("the toasts' code lost after the piece was added keeps the page and says so; the toast follows once its code can come", async ({
    page,
  }) => {
    const oneSize = madeToOrder.find((p) => p.sizes.length === 0)!;
    await page.goto(`/product/${oneSize.id}`);
    await markPage(page);
    await cartCodeFetched(page);
    const cart = await page.evaluate(() => {
      const route = window.__reactRouterManifest!.routes["routes/storefront/cart"]!;
      return [route.module, ...(route.imports ?? [])];
    });
    // The cart's code comes; every other file the page asks for from now on does not.
    await page.route(
      (url) => url.pathname.startsWith("/assets/") && !cart.includes(url.pathname),
      (route) => route.abort("internetdisconnected"),
    );
    const notice = page.getByRole("alert").filter({ hasText: NO_CONNECTION });
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(notice).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(oneSize.name);
    await expectAccessible(page, "an added piece whose toast waits for its code");

    // Still nothing: 'Try again' tries, and the notice stays.
    await notice.getByRole("button", { name: "Try again" }).click();
    await expect(notice).toBeVisible();
    // The code can come: the retry every few seconds brings the toast.
    await page.unrouteAll();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    expect(await stillThePage(page)).toBe(true);
  });
});

test.describe("A dropped connection without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Pay pressed offline is kept by the browser: its retry sends every typed detail once the connection is back", async ({
    page,
    context,
  }) => {
    await oneSizePieceInCart(page);
    await fillCheckout(page, { name: "Nyokabi Wairimu" });
    await context.setOffline(true);
    await payOnPesapal(page);
    await expect(page).toHaveURL(/^chrome-error:/);
    // The browser's own page offers to try again; it sends the same form.
    await context.setOffline(false);
    await page.reload();
    // The server took the order: every detail it requires arrived, as typed.
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await expect(
      page.getByRole("heading", { name: `Pay KES ${piece.price.toLocaleString("en-KE")}` }),
    ).toBeVisible();
  });
});
