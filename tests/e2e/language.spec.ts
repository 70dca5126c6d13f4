import { madeToOrder } from "./catalogue";
import { expect, expectAccessible, expectAccessibleWithoutJs, test } from "./fixtures";

// English at the specification's paths, Kiswahili under /sw (issue 29, decision 54): the same
// shop, its links kept in the language, a switch that keeps the page and the cart, an offer (never
// a redirect) for a first visit that prefers Swahili.

const unsized = madeToOrder.find((p) => p.sizes.length === 0)!;

test.describe("The shop in Kiswahili", () => {
  test("lives under /sw, says so to browsers and search engines, and its links stay there", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/sw");
    await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/sw`);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      `${baseURL}/`,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="sw"]')).toHaveAttribute(
      "href",
      `${baseURL}/sw`,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Vitenge vya kuvutia kwa kila siku na kila sherehe",
    );
    await expect(page.getByRole("note")).toHaveText("Hali ya majaribio: malipo si ya kweli");
    await expectAccessible(page, "the Kiswahili home page");

    await page.getByRole("link", { name: "Tazama mkusanyiko" }).click();
    await expect(page).toHaveURL(/\/sw\/shop$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Duka");
    await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      `${baseURL}/shop`,
    );
    await expectAccessible(page, "the Kiswahili shop");

    // The product's own words stay as the owner wrote them; the page's are in Kiswahili.
    await page.goto(`/sw/product/${unsized.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(unsized.name);
    await expect(page.getByRole("button", { name: "Ongeza kwenye Kikapu" })).toBeVisible();
    await page.getByRole("link", { name: "Rudi dukani" }).first().click();
    await expect(page).toHaveURL(/\/sw\/shop$/);
  });

  test("About, Delivery, Returns and Contact speak Kiswahili, and the contact form's errors too", async ({
    page,
  }) => {
    for (const [path, heading] of [
      ["/sw/about", "Tulianzia Kenya, tunashonea familia nzima"],
      ["/sw/delivery", "Jinsi agizo lako linavyokufikia"],
      ["/sw/returns", "Sera ya kurudisha bidhaa ndani ya siku 30"],
      ["/sw/contact", "Wasiliana nasi"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectAccessible(page, path);
    }
    await page.getByRole("button", { name: "Tuma ujumbe kwa WhatsApp" }).click();
    await expect(page.getByLabel("Jina")).toBeFocused();
    await expect(page.getByText("Tafadhali andika jina lako")).toBeVisible();
    await expect(page.getByText("Tafadhali chagua mada")).toBeVisible();
    await expectAccessible(page, "the Kiswahili contact form's errors");
  });

  test("the cart, its drawer and the checkout's errors speak Kiswahili", async ({ page }) => {
    await page.goto("/sw/cart");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kikapu chako ni tupu");
    await expectAccessible(page, "the empty Kiswahili cart");

    await page.goto(`/sw/product/${unsized.id}`);
    await page.getByRole("button", { name: "Ongeza kwenye Kikapu" }).click();
    await expect(page.getByText("Imeongezwa kwenye kikapu!")).toBeVisible();
    await page.getByRole("link", { name: "Kikapu, bidhaa 1" }).click();
    const drawer = page.getByRole("dialog", { name: "Kikapu cha ununuzi (1)" });
    await expect(drawer.getByText("Jumla ndogo")).toBeVisible();
    // Once the 'added' toast has gone: axe would read its colours mid-fade.
    await expect(page.getByText("Imeongezwa kwenye kikapu!")).toHaveCount(0);
    await expectAccessible(page, "the Kiswahili cart drawer");
    await drawer.getByRole("link", { name: "Malipo" }).click();

    await expect(page).toHaveURL(/\/sw\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kikapu chako");
    await page.getByLabel("Boda boda").check();
    await page.getByLabel("Nambari ya simu").fill("0812345678");
    await page.getByRole("radio", { name: "Kadi au pesa nyingine za simu (Pesapal)" }).check();
    await page.getByRole("button", { name: /^Lipa KSh/ }).click();
    for (const error of [
      "Tafadhali andika jina lako kamili",
      "Tafadhali andika nambari sahihi ya simu ya Kenya (mfano, 0712345678 au 254712345678)",
      "Tafadhali andika barua pepe sahihi",
      "Tafadhali taja mahali hasa pa kukuletea",
    ]) {
      await expect(page.getByText(error)).toBeVisible();
    }
    await expect(page.getByLabel("Jina kamili")).toBeFocused();
    await expectAccessible(page, "the Kiswahili checkout's errors");

    // Cleared, and offered back, in Kiswahili.
    await page.getByRole("button", { name: "Futa kikapu" }).click();
    await expect(page.getByText("Kikapu chako kimefutwa.")).toBeVisible();
    await page.getByRole("button", { name: "Rudisha" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
  });

  test("the switch keeps the page, its filters and the cart", async ({ page }) => {
    await page.goto(`/product/${unsized.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

    await page.goto("/shop?category=dresses&sort=name");
    await page.getByRole("banner").getByRole("link", { name: "Kiswahili" }).click();
    await expect(page).toHaveURL(/\/sw\/shop\?category=dresses&sort=name$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Magauni");
    await expect(page.getByRole("link", { name: "Kikapu, bidhaa 1" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Panga kwa" })).toHaveValue("name");

    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/shop\?category=dresses&sort=name$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dresses");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-KE");
  });

  test("what exists only in English is not found under /sw", async ({ request }) => {
    for (const path of ["/sw/admin", "/sw/login", "/sw/api/checkout", "/sw/no-such-page"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toContain('lang="sw-KE"');
      expect(html).toContain("<title>Ukurasa haukupatikana</title>");
    }
  });

  test("the page kept for a dropped connection has a Kiswahili copy, its links under /sw", async ({
    request,
  }) => {
    const html = await (await request.get("/sw/offline")).text();
    expect(html).toContain('<html lang="sw-KE">');
    expect(html).toContain("<h1");
    expect(html).toContain(">Hakuna mtandao</h1>");
    expect(html).toContain('href="/sw/shop"');
    expect(html).toContain('href="/sw" data-retry=""');
    expect(await (await request.get("/offline")).text()).toContain('href="/" data-retry=""');
  });

  test("the kept pages of each language stay apart", async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const kept = async (path: string) => {
      for (let tries = 0; tries < 20; tries++) {
        const response = await visitor.get(path);
        if (response.headers()["x-page-cache"] === "hit") return response.text();
      }
      throw new Error(`${path} was never answered from memory.`);
    };
    const [english, kiswahili] = [await kept("/shop"), await kept("/sw/shop")];
    expect(english).toContain('lang="en-KE"');
    expect(english).toContain(">Shop</h1>");
    expect(kiswahili).toContain('lang="sw-KE"');
    expect(kiswahili).toContain(">Duka</h1>");
    await visitor.dispose();
  });
});

test.describe("A first visit that prefers Swahili", () => {
  test.use({ locale: "sw-KE" });

  test("is offered Kiswahili on the page it asked for, until it chooses", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-KE");
    const offer = page.getByText("Duka hili linapatikana pia kwa Kiswahili.");
    await expect(offer).toHaveAttribute("lang", "sw");
    await expectAccessible(page, "the home page with the offer");
    await offer.getByRole("link", { name: "Endelea kwa Kiswahili" }).click();
    await expect(page).toHaveURL(/\/sw$/);
    await expect(page.getByText("This shop is also in English.")).toHaveCount(0);

    // Choosing English is remembered: the offer is not made again.
    await page.getByRole("banner").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Duka hili linapatikana pia kwa Kiswahili.")).toHaveCount(0);
  });
});

test.describe("Without JavaScript", () => {
  // A refused form answers 400, which Chromium reports on the console.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test("the switch leads to the same page in the other language", async ({ page }) => {
    await page.goto("/shop?category=kimonos");
    await page.getByRole("banner").getByRole("link", { name: "Kiswahili" }).click();
    await expect(page).toHaveURL(/\/sw\/shop\?category=kimonos$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kimono");
    await expectAccessibleWithoutJs(page, "the Kiswahili shop without JavaScript");
    await page.getByRole("banner").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/shop\?category=kimonos$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kimonos");
  });

  test("the server checks the contact form in Kiswahili", async ({ page }) => {
    await page.goto("/sw/contact");
    await page.getByLabel("Barua pepe").fill("not an address");
    await page.getByRole("button", { name: "Tuma ujumbe kwa WhatsApp" }).click();
    await expect(page).toHaveURL(/\/sw\/contact$/);
    await expect(page.getByText("Tafadhali andika barua pepe sahihi")).toBeVisible();
    await expect(page.getByText("Tafadhali andika ujumbe wako")).toBeVisible();
    await expectAccessibleWithoutJs(page, "the Kiswahili contact form's errors without JavaScript");
  });
});
