import { CATEGORY_IDS } from "../../app/terms/categories";
import { inStock } from "./catalogue";
import { expect, expectAccessible, hydrated, isPhone, test } from "./fixtures";

const CATEGORY_LINKS = [
  ["All Products", "/shop"],
  ["Dresses", "/shop?category=dresses"],
  ["Masaai Shukas", "/shop?category=masaai-shukas"],
  ["T-Shirts", "/shop?category=tshirts"],
  ["Sandals & Shoes", "/shop?category=sandals"],
  ["Hoodies & Trench", "/shop?category=hoodies-trench"],
  ["Kids Wear", "/shop?category=kids-wear"],
  ["Men Wear", "/shop?category=men-wear"],
];
/** The sample catalogue has no home decor: an empty collection is not offered. */
const EMPTY = "Home Decor";
const offered = CATEGORY_IDS.filter((id) => inStock.some((p) => p.category === id));

test.describe("header on a laptop", { tag: "@desktop" }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "desktop navigation");

  test("links Home, Shop, About and Contact, highlighting the current path", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["Shop", "/shop"],
      ["About", "/about"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Shop", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the Shop dropdown opens on hover and lists every category", async ({ page }) => {
    await page.goto("/");
    const menu = page.locator("#shop-categories");
    await expect(menu).toBeHidden();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop", exact: true })
      .hover();
    await expect(menu).toBeVisible();
    for (const [name, href] of CATEGORY_LINKS) {
      await expect(menu.getByRole("link", { name: name!, exact: true })).toHaveAttribute(
        "href",
        href!,
      );
    }
    await expect(menu.getByRole("link")).toHaveCount(offered.length + 1);
    await expect(menu.getByRole("link", { name: EMPTY })).toHaveCount(0);
    await expectAccessible(page, "shop dropdown");
  });

  test("the dropdown also opens from the keyboard and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Shop categories" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#shop-categories")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#shop-categories")).toBeHidden();
  });

  test("the active category comes from the query, 'All' on a bare /shop", async ({ page }) => {
    await page.goto("/shop?category=kimonos");
    await page.getByRole("button", { name: "Shop categories" }).click();
    const menu = page.locator("#shop-categories");
    await expect(menu.getByRole("link", { name: "Kimonos" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(1);
    await page.goto("/shop");
    await page.getByRole("button", { name: "Shop categories" }).click();
    await expect(menu.getByRole("link", { name: "All Products" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test.describe("menu on a phone", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, "phone navigation");

  test("opens, shows 'Shop by Category', locks scrolling, and a link closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    const toggle = menu.getByRole("button", { name: "Shop by Category" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByRole("link", { name: "Kids Wear" })).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole("link", { name: "Kids Wear" })).toBeVisible();
    for (const [name, href] of CATEGORY_LINKS) {
      await expect(menu.getByRole("link", { name: name!, exact: true })).toHaveAttribute(
        "href",
        href!,
      );
    }
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.getByRole("link", { name: EMPTY })).toHaveCount(0);
    // The help pages are a tap away on a phone too.
    for (const [name, href] of [
      ["Track your order", "/orders"],
      ["Delivery", "/delivery"],
      ["Returns", "/returns"],
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    }
    await expectAccessible(page, "mobile menu");
    await menu.getByRole("link", { name: "Kids Wear" }).click();
    await expect(page).toHaveURL(/\/shop\?category=kids-wear$/);
    await expect(menu).toBeHidden();
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
  });

  test("closes on an outside click, the close button and Escape; closing collapses the categories", async ({
    page,
  }) => {
    await page.goto("/");
    const open = page.getByRole("link", { name: "Open menu" });
    const menu = page.getByRole("dialog");

    await open.click();
    await menu.getByRole("button", { name: "Shop by Category" }).click();
    await page.mouse.click(380, 400); // the dimmed page beside the menu
    await expect(menu).toBeHidden();

    await open.click();
    await expect(menu.getByRole("button", { name: "Shop by Category" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await open.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe("cart drawer", { tag: "@both" }, () => {
  test("opens empty with the spec's text and a link back to the shop", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await page.getByRole("link", { name: /^Cart, 0 items$/ }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart (0)" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("Your cart is empty")).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    await expectAccessible(page, "empty cart drawer");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await page.getByTestId("cart-button").click();
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(drawer).toBeHidden();
    await page.getByTestId("cart-button").click();
    await drawer.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(drawer).toBeHidden();
  });
});

test.describe("footer", { tag: "@both" }, () => {
  test("has the blurb, three social links in new tabs, Quick Links, collections and the current year", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Instagram (opens in a new tab)", "https://www.instagram.com/amaniprints"],
      ["Facebook (opens in a new tab)", "https://www.facebook.com/amaniprints"],
      ["TikTok (opens in a new tab)", "https://www.tiktok.com/@amaniprints"],
    ]) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href!);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    const quick = footer.getByRole("navigation", { name: "Quick Links" });
    await expect(quick.getByRole("link")).toHaveText(["Home", "Shop", "About", "Contact"]);
    const collections = footer.getByRole("navigation", { name: "Collections" });
    await expect(collections.getByRole("link")).toHaveCount(offered.length);
    // The current year, not the spec's frozen 2024.
    await expect(
      footer.getByText(`© ${new Date().getFullYear()} Amani Prints. All rights reserved.`),
    ).toBeVisible();
    await expect(footer.getByText(/African-print fashion made in Kenya/)).toBeVisible();
  });
});

test.describe("page changes", () => {
  test("scroll smoothly back to the top", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Kimonos" }).click();
    await expect(page).toHaveURL(/category=kimonos/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Back returns to where the shopper was on the page before", async ({ page }) => {
    await page.goto("/");
    // The shopper scrolls once the page's scripts run (Back is theirs); from then on the page is
    // laid out whole (while it arrived, its lower parts were laid out only near the screen).
    await hydrated(page);
    await page.mouse.wheel(0, 200);
    await expect(page.locator("html")).toHaveAttribute("data-scrolled", "true");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => window.scrollY);
    expect(where).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Kimonos" }).click();
    await expect(page).toHaveURL(/category=kimonos/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - where))
      .toBeLessThan(50);
  });
});

test.describe("errors", () => {
  test.use({ expectedConsoleErrors: [/status of (404|500)/] });

  test("an unknown path answers 404 with a friendly page inside the shop", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Continue Shopping" }),
    ).toHaveAttribute("href", "/shop");
    await expect(page.getByRole("banner")).toBeVisible();
    await expectAccessible(page, "404");
  });

  test("an uncaught error shows 'Unexpected Application Error!' and no stack", async ({ page }) => {
    const response = await page.goto("/__test/error");
    expect(response?.status()).toBe(500);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.locator("pre")).toHaveCount(0);
    expect(await page.content()).not.toContain("deliberate failure");
    await expectAccessible(page, "error page");
  });
});

test("pages are light on a phone: no horizontal scrolling", async ({ page }) => {
  test.skip(!isPhone(page), "phone only");
  await page.goto("/");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the stylesheet is asked for before any script, and the page is styled", async ({ page }) => {
  for (const path of ["/", "/shop", `/product/${inStock[0]!.id}`]) {
    const html = await (await page.request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheet = head.search(/<link[^>]+rel="stylesheet"/);
    expect(stylesheet, path).toBeGreaterThan(0);
    for (const script of [/<link[^>]+rel="modulepreload"/, /<script/]) {
      const at = head.search(script);
      if (at >= 0) expect(stylesheet, path).toBeLessThan(at);
    }
  }
  await page.goto("/shop");
  // Tailwind's reset took: the body has no default margin.
  expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe("0px");
});

test.describe("content security policy", () => {
  test.use({ expectedConsoleErrors: [/Content Security Policy/] });

  test("the page's own scripts run, and a script injected into the page does not", async ({
    page,
  }) => {
    const unsized = inStock.find((p) => p.sizes.length === 0)!;
    const response = await page.goto(`/product/${unsized.id}`);
    const policy = response?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    // The page came alive: its scripts, the lazily loaded toast and its styles ran.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    // A second page gets a nonce of its own.
    const again = await page.request.get(`/product/${unsized.id}`);
    expect(again.headers()["content-security-policy"]).not.toContain(nonce);

    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      return (window as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
  });
});

test("the menu page is accessible", async ({ page }) => {
  await page.goto("/menu");
  await expect(page.getByRole("heading", { name: "Menu", level: 1 })).toBeVisible();
  await expectAccessible(page, "menu page");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the phone's menu link opens a menu page with 'Shop by Category', and empty collections are offered nowhere", async ({
    page,
  }) => {
    await page.goto("/");
    if (isPhone(page)) {
      await page.getByRole("link", { name: "Open menu" }).click();
      await expect(page).toHaveURL(/\/menu$/);
    } else {
      await page.goto("/menu");
    }
    await expect(page.getByRole("heading", { name: "Menu", level: 1 })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute(
      "href",
      "/contact",
    );
    for (const [name, href] of CATEGORY_LINKS) {
      await expect(menu.getByRole("link", { name: name!, exact: true })).toHaveAttribute(
        "href",
        href!,
      );
    }
    await expect(menu.getByRole("link", { name: EMPTY })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await menu.getByRole("link", { name: "Kids Wear" }).click();
    await expect(page).toHaveURL(/\/shop\?category=kids-wear$/);

    await expect(page.getByRole("contentinfo").getByRole("link", { name: EMPTY })).toHaveCount(0);
    await page.goto("/about");
    const collections = page.getByRole("region", { name: "Our collections" });
    await expect(collections.getByRole("link")).toHaveCount(offered.length);
    await expect(collections.getByRole("link", { name: EMPTY })).toHaveCount(0);
  });
});
