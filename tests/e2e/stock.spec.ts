import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  addProduct,
  backOfficeURL,
  chooseSize,
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  intlPhone,
  ksh,
  logInAsOwner,
  openDashboard,
  payOnPesapal,
  shopperPhone,
  sidebarCategories,
  test,
} from "./fixtures";

// The back office's shop: each test adds the pieces it looks at or buys, so no run, repeat or
// other spec ever finds a shelf another one emptied.
test.use({ baseURL: backOfficeURL });

const PRICE = 2600;

/** A word no other test's products contain, so a search finds this test's products alone. */
const tagOf = (testInfo: TestInfo) =>
  `${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;

/** Pages whose browser is signed in as the owner already. */
const signedIn = new WeakSet<Page>();

/** A product of the test's own, with pieces per size, added by the owner through the back office. */
async function ownProduct(
  page: Page,
  testInfo: TestInfo,
  label: string,
  fields: { sizes?: string[]; stock?: Record<string, number>; tag?: string },
) {
  if (!signedIn.has(page)) await logInAsOwner(page);
  signedIn.add(page);
  const name = `${label} ${fields.tag ?? tagOf(testInfo)}`;
  const id = await addProduct(page, backOfficeURL, {
    name,
    category: "dresses",
    price: PRICE,
    ...fields,
  });
  return { id, name };
}

/** What the shop said about the last cart change: a toast with JavaScript, a message without. */
const notice = (page: Page, text: string) =>
  page.locator("[role=status], [role=alert]").filter({ hasText: text }).first();

/**
 * Waits for the toasts of earlier taps to go: on a phone they cover the Add to Cart bar. Without
 * JavaScript the message is part of the page, and the next page has its own.
 */
async function toastsGone(page: Page) {
  if ((await page.locator("[data-rht-toaster]").count()) === 0) return;
  // A toast waits while the pointer rests on it; phones have no pointer, so move it away.
  await page.mouse.move(0, 0);
  await expect(page.getByText("Added to cart!")).toHaveCount(0);
}

/**
 * The shopper opens the link in the SMS asking to confirm their number (read from the outbox, as
 * the owner sees it) and confirms; the page says so, in a state checked with axe.
 */
async function confirmByItsSms(page: Page, number: string, readable: string, withJs: boolean) {
  await page.goto("/admin/messages");
  const sms = page
    .getByTestId("message")
    .filter({ hasText: intlPhone(number) })
    .filter({ hasText: "Confirm your number:" });
  await expect(sms).toContainText("you asked for an SMS when a piece is back.");
  await expect(sms).toContainText("Not you? Ignore this SMS.");
  const link = /\/stock-alerts\/[\w-]{32}/.exec((await sms.textContent()) ?? "")?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Confirm your number" })).toBeVisible();
  await expect(
    page.getByText(
      `Confirm ${readable} to get an SMS when the pieces you asked for are back in stock.`,
    ),
  ).toBeVisible();
  if (withJs) await expectAccessible(page, "confirm the number");
  else await expectAccessibleWithoutJs(page, "confirm the number");
  await page.getByRole("button", { name: "Confirm my number" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Thank you. ${readable} is confirmed: we will send an SMS when what you asked for is back.`,
  );
  if (withJs) await expectAccessible(page, "number confirmed");
  else await expectAccessibleWithoutJs(page, "number confirmed");
  // A link that is not the one sent confirms nothing.
  const wrong = await page.goto(`/stock-alerts/${"x".repeat(32)}`);
  expect(wrong?.status()).toBe(404);
  await expect(
    page.getByRole("alert").filter({
      hasText: "This link is not valid. Leave your number again on the product's page.",
    }),
  ).toBeVisible();
  if (withJs) await expectAccessible(page, "confirmation link not valid");
  else await expectAccessibleWithoutJs(page, "confirmation link not valid");
}

const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });

/** Chooses a size on the product page and adds it, as a shopper taps. */
async function addSize(page: Page, productId: string, size: string, said = "Added to cart!") {
  await page.goto(`/product/${productId}`);
  await chooseSize(page, size);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(notice(page, said)).toBeAttached();
}

/** Fills the checkout form and presses Pay. */
async function pay(page: Page, name: string) {
  await page.goto("/cart");
  await page.getByRole("textbox", { name: "Full name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill(shopperPhone());
  await page.getByRole("textbox", { name: "Email" }).fill("wanjiru@example.co.ke");
  await payOnPesapal(page);
}

/** Another shopper, in a browser of their own, the same size and setting as the test's. */
async function secondShopper(browser: Browser, page: Page, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    baseURL: backOfficeURL,
    javaScriptEnabled,
    viewport: page.viewportSize(),
    serviceWorkers: "block",
    // A client address of its own: the checkout limit counts per address.
    extraHTTPHeaders: {
      "X-Forwarded-For": `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "With JavaScript" : "Without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a sold-out size is disabled and named 'Sold out'; a one-off says 'Only 1 left'", async ({
      page,
    }, testInfo) => {
      const { id } = await ownProduct(page, testInfo, "Furaha Mixed Sizes", {
        sizes: ["S", "M", "L"],
        stock: { S: 1, M: 0, L: 7 },
      });
      await page.goto(`/product/${id}`);
      const gone = radio(page, "M (Sold out)");
      await expect(gone).toBeDisabled();
      await expect(page.locator("label").filter({ has: gone }).locator("span").first()).toHaveCSS(
        "text-decoration-line",
        /line-through/,
      );
      await expect(radio(page, "L")).toBeEnabled();
      const last = radio(page, "S");
      await expect(last).toBeEnabled();
      await expect(last).toHaveAccessibleDescription("Only 1 left");
      await expect(page.getByText("Only 1 left")).toBeVisible();
      await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page, "product with a sold-out size");
      // The last one goes into the cart like any other.
      await page.locator("label").filter({ has: last }).click();
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(notice(page, "Added to cart!")).toBeAttached();
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
    });

    test("a product sold out in every size shows 'Sold out' instead of Add to Cart, and a way to ask about it", async ({
      page,
    }, testInfo) => {
      const { id, name } = await ownProduct(page, testInfo, "Furaha Gone Dress", {
        sizes: ["S", "M"],
        stock: { S: 0, M: 0 },
      });
      await page.goto(`/product/${id}`);
      for (const size of ["S", "M"]) await expect(radio(page, `${size} (Sold out)`)).toBeDisabled();
      await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
      // Not a dead end: the shop's WhatsApp, asked about this very product.
      const ask = page.getByRole("link", { name: "Ask about this on WhatsApp" });
      const href = new URL((await ask.getAttribute("href"))!);
      expect(href.origin + href.pathname).toBe("https://wa.me/254712345678");
      expect(href.searchParams.get("text")).toBe(
        `Hello, will the ${name} be back in stock? ${new URL(page.url()).origin}/product/${id}`,
      );
      if (javaScriptEnabled) await expectAccessible(page, "product sold out in every size");
    });

    test.describe("Tell me when it is back", () => {
      // The number refused answers 400, and a confirmation link that is not one 404: the browser
      // logs both.
      test.use({ expectedConsoleErrors: [/status of (400|404)/] });

      test("a number left for a size, checked, gets one SMS when the owner puts the size back; WhatsApp is asked about that size", async ({
        page,
      }, testInfo) => {
        const { id, name } = await ownProduct(page, testInfo, "Furaha Awaited Dress", {
          sizes: ["S", "M"],
          stock: { S: 0, M: 0 },
        });
        await page.goto(`/product/${id}`);
        await page.getByRole("link", { name: "Tell me when it is back" }).click();
        await expect(page.getByRole("heading", { name: "Tell me when it is back" })).toBeVisible();
        await page.getByLabel("Size").selectOption("M");
        const phone = page.getByLabel(/^Phone\b/);
        await phone.fill("12345");
        await page.getByRole("button", { name: "Tell me when it is back" }).click();
        await expect(phone).toHaveAccessibleDescription(
          "Please enter a valid Kenyan phone number (e.g., 0712345678 or 254712345678)",
        );
        const number = shopperPhone("alert");
        await page.getByLabel(/^Phone\b/).fill(number);
        await page.getByLabel("Size").selectOption("M");
        await page.getByRole("button", { name: "Tell me when it is back" }).click();
        const readable = `${number.slice(0, 4)} ${number.slice(4, 7)} ${number.slice(7)}`;
        // A number the shop has not heard from is first asked to confirm, by SMS.
        await expect(page.getByRole("status")).toHaveText(
          `We have sent an SMS to ${readable}. Open its link to confirm your number, and we will send an SMS when it is back.`,
        );
        if (javaScriptEnabled) await expectAccessible(page, "tell me when it is back, kept");
        else await expectAccessibleWithoutJs(page, "tell me when it is back, kept");
        const backInStock = page.url();
        await confirmByItsSms(page, number, readable, javaScriptEnabled);
        // Left again once confirmed, for the other size: the shop now promises the SMS itself.
        await page.goto(backInStock);
        await page.getByLabel("Size").selectOption("S");
        await page.getByLabel(/^Phone\b/).fill(number);
        await page.getByRole("button", { name: "Tell me when it is back" }).click();
        await expect(page.getByRole("status")).toHaveText(
          `We will send an SMS to ${readable} when it is back.`,
        );

        // 'Ask about this on WhatsApp' from here names the size wanted (asserted on the request:
        // a headless shell does not hand a redirected navigation to a route).
        await page
          .context()
          .route("https://wa.me/**", (route) =>
            route.fulfill({ contentType: "text/plain", body: "WhatsApp" }),
          );
        await page.getByLabel("Size").selectOption("M");
        const toWhatsApp = page.waitForRequest((r) => r.url().startsWith("https://wa.me/"));
        await page.getByRole("button", { name: "Ask about this on WhatsApp" }).click();
        const asked = new URL((await toWhatsApp).url());
        expect(asked.origin + asked.pathname).toBe("https://wa.me/254712345678");
        expect(asked.searchParams.get("text")).toBe(
          `Hello, will the ${name} be back in stock in size M? ${backOfficeURL}/product/${id}`,
        );
        // The browser has left for WhatsApp before the next page is asked for.
        await expect(page).not.toHaveURL(/back-in-stock/);
        if (!javaScriptEnabled) return;

        // The owner puts M back on the shelf: the SMS is in the outbox at once.
        await openDashboard(page, `/admin?${new URLSearchParams({ q: name })}`);
        await page.getByRole("link", { name: `Edit ${name}` }).click();
        const edit = page.getByRole("dialog", { name: "Edit Product" });
        await edit.getByLabel("Pieces in size M").fill("2");
        await edit.getByRole("button", { name: "Save Changes" }).click();
        await expect(edit).toBeHidden();
        await page.goto("/admin/messages");
        await expect(
          page
            .getByTestId("message")
            .filter({ hasText: intlPhone(number) })
            .filter({ hasText: "is back in stock" }),
        ).toContainText(`${name} in size M is back in stock. See it:`);
      });
    });

    test("the last piece is held for the shopper who pays first; the second is told someone is paying, before any payment", async ({
      page,
      browser,
    }, testInfo) => {
      const { id } = await ownProduct(page, testInfo, "Zuri Last Piece", {
        sizes: ["M"],
        stock: { M: 1 },
      });
      const other = await secondShopper(browser, page, javaScriptEnabled);
      try {
        // Both find the piece on the shelf and put it in their carts.
        await addSize(other, id, "M");
        await addSize(page, id, "M");
        // The second shopper opens the product again and is about to tap Add once more.
        await other.goto(`/product/${id}`);
        await chooseSize(other, "M");
        // The first to pay holds it while the payment is open.
        await pay(page, "Achieng Odhiambo");
        await expect(
          page.getByRole("heading", { name: `Pay KES ${PRICE.toLocaleString("en-KE")}` }),
        ).toBeVisible();
        // The second shopper's tap finds the shelf empty.
        await other.getByRole("button", { name: "Add to Cart" }).click();
        await expect(notice(other, "Size M is sold out")).toBeAttached();
        // At checkout, before any payment page, they are told someone is paying for it, and keep
        // what they typed.
        await pay(other, "Wanjiru Kamau");
        await expect(other.getByRole("alert")).toHaveText(
          "Someone is paying for the last one. Try again in a few minutes, or choose another size.",
        );
        await expect(other).toHaveURL("/cart");
        await expect(other.getByRole("textbox", { name: "Full name", exact: true })).toHaveValue(
          "Wanjiru Kamau",
        );
        await expect(other.getByRole("button", { name: `Pay ${ksh(PRICE)}` })).toBeVisible();
        // axe runs inside the page, which needs JavaScript.
        if (javaScriptEnabled)
          await expectAccessible(other, "cart with a line the shelf cannot fill");
      } finally {
        await other.context().close();
      }
    });

    test("cards of a product sold out in every size say 'Sold out' with no add button; 'In stock only' leaves it out", async ({
      page,
    }, testInfo) => {
      const tag = tagOf(testInfo);
      const gone = await ownProduct(page, testInfo, "Sifa Gone Skirt", {
        tag,
        sizes: ["M"],
        stock: { M: 0 },
      });
      const kept = await ownProduct(page, testInfo, "Sifa Kept Skirt", {
        tag,
        sizes: ["S", "M"],
        stock: { S: 0, M: 2 },
      });
      await page.goto(`/shop?${new URLSearchParams({ q: tag })}`);
      await expect(page.getByText("Showing 2 products")).toBeVisible();
      const card = (name: string) => page.getByTestId("product-card").filter({ hasText: name });
      await expect(card(gone.name).getByText("Sold out", { exact: true })).toBeVisible();
      await expect(card(gone.name).getByRole("button")).toHaveCount(0);
      await expect(card(gone.name).getByRole("link", { name: /size/ })).toHaveCount(0);
      await expect(card(kept.name).getByText("Sold out", { exact: true })).toHaveCount(0);
      const nav = await sidebarCategories(page);
      await expect(nav.getByRole("link", { name: /^All Products/ })).toHaveAccessibleName(
        /^All Products ?2 products$/,
      );
      if (javaScriptEnabled) {
        // The card's size picker offers the sold-out size struck through and disabled.
        await card(kept.name)
          .getByRole("button", { name: `Add ${kept.name} to cart: choose a size` })
          .click();
        await expect(card(kept.name).getByRole("button", { name: "S (Sold out)" })).toBeDisabled();
        await expectAccessible(page, "shop with a sold-out card and a size picker");
        await card(kept.name).getByRole("button", { name: "M", exact: true }).click();
        await expect(notice(page, "Added to cart!")).toBeAttached();
      } else {
        await expect(
          card(kept.name).getByRole("link", { name: `Choose a size of ${kept.name}` }),
        ).toBeVisible();
      }

      await page.getByRole("checkbox", { name: "In stock only" }).check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/[?&]stock=in(&|$)/);
      await expect(page.getByText("Showing 1 product", { exact: true })).toBeVisible();
      await expect(page.getByTestId("product-card")).toHaveCount(1);
      await expect(card(kept.name)).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "In stock only" })).toBeChecked();
      const filtered = await sidebarCategories(page);
      await expect(filtered.getByRole("link", { name: /^All Products/ })).toHaveAccessibleName(
        /^All Products ?1 product$/,
      );
      // The filter goes along to a category and back.
      const dresses = filtered.getByRole("link", { name: /^Dresses/ });
      await expect(dresses).toHaveAccessibleName(/^Dresses ?1 product$/);
      await dresses.click();
      await expect(page).toHaveURL(/category=dresses/);
      await expect(page).toHaveURL(/stock=in/);
      await expect(page.getByText("Showing 1 product", { exact: true })).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page, "shop, in stock only");
    });

    test("asking for more than the shelf adds what is there and says how many are left", async ({
      page,
      browser,
    }, testInfo) => {
      const tag = tagOf(testInfo);
      const dress = await ownProduct(page, testInfo, "Neema One-Off Dress", {
        tag,
        sizes: ["S", "M"],
        stock: { S: 1, M: 4 },
      });
      const bag = await ownProduct(page, testInfo, "Neema One-Off Bag", { tag, stock: { "": 1 } });
      // The product page: the one S, then one more than there is.
      await addSize(page, dress.id, "S");
      await toastsGone(page);
      await addSize(page, dress.id, "S", "Only 1 left in size S");
      await expect(page.getByTestId("cart-badge")).toHaveText("1");
      // A card, for a product without sizes: a whole sentence without one.
      await page.goto(`/shop?${new URLSearchParams({ q: tag })}`);
      const add = () =>
        page
          .getByTestId("product-card")
          .filter({ hasText: bag.name })
          .getByRole("button", { name: `Add ${bag.name} to cart` })
          .click();
      await add();
      await expect(notice(page, "Added to cart!")).toBeAttached();
      await toastsGone(page);
      await add();
      await expect(
        page.locator("[role=status], [role=alert]").filter({ hasText: /^Only 1 left$/ }),
      ).toBeAttached();
      await expect(page.getByTestId("cart-badge")).toHaveText("2");

      // The cart holds what there is, each line at its limit.
      await page.goto("/cart");
      const line = (name: string) => page.getByTestId("cart-line").filter({ hasText: name });
      await expect(line(dress.name).getByText("Quantity 1")).toBeAttached();
      await expect(line(dress.name).getByTestId("line-limit")).toHaveText("Only 1 left in size S");
      await expect(line(bag.name).getByTestId("line-limit")).toHaveText("Only 1 left");
      await expect(
        page.getByRole("button", { name: `One more ${dress.name}, size S` }),
      ).toBeDisabled();
      await expect(page.getByRole("button", { name: `One more ${bag.name}` })).toBeDisabled();
      if (javaScriptEnabled) await expectAccessible(page, "cart with lines at their limit");

      // Someone else pays for the bag while its card is on this shopper's screen.
      await page.goto(`/shop?${new URLSearchParams({ q: tag })}`);
      const other = await secondShopper(browser, page, javaScriptEnabled);
      try {
        await other.goto(`/product/${bag.id}`);
        await other.getByRole("button", { name: "Add to Cart" }).click();
        await expect(notice(other, "Added to cart!")).toBeAttached();
        await pay(other, "Baraka Mwangi");
        await expect(other.getByRole("heading", { name: /^Pay KES/ })).toBeVisible();
      } finally {
        await other.context().close();
      }
      await add();
      await expect(notice(page, "This piece is sold out")).toBeAttached();
      await page.goto("/cart");
      await expect(line(bag.name).getByTestId("line-limit")).toHaveText("This piece is sold out");
    });

    test("the cart checks the shelf again on every change and on load, and shows the line's limit", async ({
      page,
      browser,
    }, testInfo) => {
      const { id, name } = await ownProduct(page, testInfo, "Amani Cart Kimono", {
        sizes: ["L"],
        stock: { L: 3 },
      });
      await addSize(page, id, "L");
      await page.goto("/cart");
      const line = page.getByTestId("cart-line");
      const more = page.getByRole("button", { name: `One more ${name}, size L` });
      await more.click();
      await expect(line.getByText("Quantity 2")).toBeAttached();
      await expect(line.getByTestId("line-limit")).toHaveCount(0);
      await expect(more).toBeEnabled();

      // Meanwhile another shopper pays for two: one is left, and this cart still shows two.
      const other = await secondShopper(browser, page, javaScriptEnabled);
      try {
        await addSize(other, id, "L");
        await toastsGone(other);
        await addSize(other, id, "L");
        await pay(other, "Baraka Mwangi");
        await expect(other.getByRole("heading", { name: /^Pay KES/ })).toBeVisible();
      } finally {
        await other.context().close();
      }

      // Plus, tapped on the page drawn before: the server checks and says so.
      await more.click();
      await expect(notice(page, "Only 1 left in size L")).toBeAttached();
      await expect(line.getByText("Quantity 2")).toBeAttached();
      await expect(line.getByTestId("line-limit")).toHaveText("Only 1 left in size L");
      await expect(more).toBeDisabled();
      // Minus brings it within the shelf; a new load still names the limit.
      await page.getByRole("button", { name: `One fewer ${name}, size L` }).click();
      await expect(line.getByText("Quantity 1")).toBeAttached();
      await page.goto("/cart");
      await expect(line.getByTestId("line-limit")).toHaveText("Only 1 left in size L");
      await expect(more).toBeDisabled();
      if (javaScriptEnabled) await expectAccessible(page, "cart line at the shelf's limit");
      await pay(page, "Achieng Odhiambo");
      await expect(
        page.getByRole("heading", { name: `Pay KES ${PRICE.toLocaleString("en-KE")}` }),
      ).toBeVisible();
    });
  });
}
