import type { Page } from "@playwright/test";
import { PICKUP_LOCATIONS } from "../../app/modules/checkout/delivery";
import { expectedDays, formatDay } from "../../app/modules/orders/expected-day";
import { madeToOrder } from "./catalogue";
import {
  chooseSize,
  expect,
  expectAccessible,
  fillCheckout,
  holdRequests,
  hydrated,
  ksh,
  payOnPesapal,
  test,
} from "./fixtures";

const sized = madeToOrder.find((p) => p.sizes.length > 0 && p.price < 3000)!;
const unsized = madeToOrder.find((p) => p.sizes.length === 0 && p.price < 2000)!;

async function addSizedToCart(page: Page) {
  await page.goto(`/product/${sized.id}`);
  await chooseSize(page, sized.sizes[1]!);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!")).toBeVisible();
}

test("'Added to cart!' shows at bottom-right for 2 seconds; focus stays in the open drawer", {
  tag: "@both",
}, async ({ page }) => {
  await page.goto(`/product/${sized.id}`);
  await chooseSize(page, sized.sizes[1]!);
  // Watched in the page from before the tap, every 20 ms, from the moment the toast shows (where
  // it shows) to the moment it goes: the test's own polling backs off and, on a busy machine,
  // notices either moment late, which made a 2-second toast look shorter or longer than it is.
  const watched = page.evaluate(
    (text) =>
      new Promise<{ shownFor: number; box: DOMRect; width: number; height: number }>(
        (resolve, reject) => {
          const start = performance.now();
          const shown = () => {
            const found = document.evaluate(
              `//*[normalize-space(text())='${text}']`,
              document,
              null,
              XPathResult.FIRST_ORDERED_NODE_TYPE,
            ).singleNodeValue as Element | null;
            if (!found?.isConnected) return null;
            const box = found.getBoundingClientRect();
            const visible =
              box.width > 0 && box.height > 0 && getComputedStyle(found).visibility !== "hidden";
            return visible ? box.toJSON() : null;
          };
          let first: { at: number; box: DOMRect } | null = null;
          const check = () => {
            const now = performance.now();
            const box = shown();
            if (!first) {
              if (box) first = { at: now, box };
              else if (now - start > 20_000) return reject(new Error(`'${text}' never showed.`));
            } else if (!box) {
              return resolve({
                shownFor: now - first.at,
                box: first.box,
                width: window.innerWidth,
                height: window.innerHeight,
              });
            }
            setTimeout(check, 20);
          };
          check();
        },
      ),
    "Added to cart!",
  );
  await page.getByRole("button", { name: "Add to Cart" }).click();
  // A toast waits while the pointer rests on it; phones have no pointer, so move it away.
  await page.mouse.move(0, 0);
  const { shownFor, box, width, height } = await watched;
  expect(box.x + box.width).toBeGreaterThan(width * 0.6);
  expect(box.y).toBeGreaterThan(height * 0.6);
  await expect(page.getByText("Added to cart!")).toBeHidden();
  // About 2 seconds (an error toast stays 4).
  expect(shownFor).toBeGreaterThan(1200);
  expect(shownFor).toBeLessThan(3600);

  await page.getByTestId("cart-button").click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart (1)" });
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    const inside = await drawer.evaluate(
      (d) => d.contains(document.activeElement) || document.activeElement === document.body,
    );
    expect(inside).toBe(true);
  }
});

test.describe("Cart and checkout", () => {
  // A refused checkout answers 400, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 400/] });
  test("the whole journey: add with a size, drawer, cart, each alert in order, fees, pay, thank you", {
    tag: "@both",
  }, async ({ page }) => {
    await addSizedToCart(page);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    // The drawer shows the line, changes its quantity, and leads to checkout.
    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart (1)" });
    await expect(drawer.getByText(sized.name)).toBeVisible();
    await expect(drawer.getByText(`Size: ${sized.sizes[1]}`)).toBeVisible();
    await drawer.getByRole("button", { name: new RegExp(`^One more ${sized.name}`) }).click();
    await expect(page.getByRole("dialog", { name: "Shopping Cart (2)" })).toBeVisible();
    await expect(page.getByTestId("drawer-total")).toHaveText(ksh(sized.price * 2));
    await expectAccessible(page, "filled cart drawer");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: new RegExp(`^One fewer ${sized.name}`) })
      .click();
    await expect(page.getByRole("dialog", { name: "Shopping Cart (1)" })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL("/cart");

    // Each validation message beside its field, in the spec's order, keeping what was typed.
    const pay = page.getByRole("button", { name: /^Pay KSh/ });
    await fillCheckout(page, { name: " " });
    await page.getByLabel("Rider (boda boda)").check();
    await pay.click();
    await expect(page.getByLabel("Full name")).toHaveAccessibleDescription(
      "Please enter your full name",
    );
    await expect(page.getByLabel(/^Delivery address/)).toHaveAccessibleDescription(
      "Please provide your exact delivery location",
    );
    await fillCheckout(page, { phone: "0812345678" });
    await pay.click();
    await expect(page.getByLabel(/^Phone\b/)).toHaveAccessibleDescription(
      "Please enter a valid Kenyan phone number (e.g., 0712345678 or 254712345678)",
    );
    await expect(page.getByLabel("Full name")).toHaveValue("Wanjiru Kamau");
    await fillCheckout(page, { email: "wanjiru@" });
    await pay.click();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    await fillCheckout(page, {});
    await pay.click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Please provide your exact delivery location",
    );
    await expectAccessible(page, "cart with an error");

    // Fees: pickup free, matatu 150, rider 300; the pickup location only for pickup, the
    // address only for matatu and rider.
    const total = page.getByTestId("order-total");
    const pickupPoints = page.getByRole("group", { name: "Pickup location" });
    await page.getByRole("radio", { name: /^Pickup/ }).check();
    await expect(total).toHaveText(ksh(sized.price));
    await expect(
      pickupPoints.getByRole("radio", { name: "Tom Mboya Meru South House 2nd floor Rm 205" }),
    ).toBeChecked();
    await expect(page.getByLabel(/^Delivery address/)).toBeHidden();
    await page.getByLabel("Matatu parcel").check();
    await expect(total).toHaveText(ksh(sized.price + 150));
    await expect(pickupPoints).toHaveCount(0);
    await page.getByLabel("Rider (boda boda)").check();
    await expect(total).toHaveText(ksh(sized.price + 300));

    await fillCheckout(page, { address: "Argwings Kodhek Rd, Kilimani" });
    // While the checkout is on its way the button says so and cannot be pressed twice.
    const paying = await holdRequests(page, /\/cart\.data/);
    await pay.click();
    await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
    paying.release();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await expect(page.getByText("Demo mode: payments are simulated")).toBeVisible();
    await expect(
      page.getByRole("heading", { name: `Pay KES ${(sized.price + 300).toLocaleString("en-KE")}` }),
    ).toBeVisible();
    await expectAccessible(page, "emulator payment page");
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();

    await expect(page).toHaveURL(/\/order-success\?OrderTrackingId=/);
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(
      page.getByText(
        "Your payment was successful. We have received your order and will begin processing it shortly. You will receive a confirmation message soon.",
      ),
    ).toBeVisible();
    await expectAccessible(page, "order success");
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("Pay waits for a quantity change on its way, then charges the new total", async ({
    page,
  }) => {
    await addSizedToCart(page);
    await page.goto("/cart");
    await fillCheckout(page, {});
    // The change is slow to arrive: until it has, Pay neither says nor charges the old total.
    const changing = await holdRequests(page, /\/cart\.data/);
    await page.getByRole("button", { name: new RegExp(`^One more ${sized.name}`) }).click();
    await expect(page.getByRole("button", { name: "Updating total..." })).toBeDisabled();
    await expectAccessible(page, "cart while its total updates");
    changing.release();
    await page.getByRole("button", { name: `Pay ${ksh(sized.price * 2)}` }).click();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await expect(
      page.getByRole("heading", { name: `Pay KES ${(sized.price * 2).toLocaleString("en-KE")}` }),
    ).toBeVisible();
  });

  test("a failed payment says so, and 'Try again' pays the same order: one order, one reference", async ({
    page,
  }) => {
    await page.goto(`/product/${unsized.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!").first()).toBeVisible();
    await page.goto("/cart");
    await fillCheckout(page, {});
    await payOnPesapal(page);
    await page.getByRole("button", { name: "Fail the payment" }).click();
    await expect(
      page.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible();
    await expectAccessible(page, "payment failed");
    const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
      .replace("Order ", "")
      .trim();
    const tracking = await page
      .getByRole("link", { name: "Follow your order" })
      .getAttribute("href");
    await page.getByRole("button", { name: "Try again" }).click();
    // Pesapal's page again, for the same order: nothing goes back into a cart to be bought twice.
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
    await page.goto(tracking!);
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
    await expect(page.getByTestId("payment-fact")).toHaveText("Paid");
    // Collected at a pickup point: being packed now, ready on the promised day, where and when
    // the point is open, and what to bring.
    await expect(page.getByTestId("fulfilment-step").first()).toHaveText(/To pack \(now\)/);
    await expect(page.getByTestId("expected-day")).toHaveText(
      `Ready for pickup on ${formatDay(expectedDays("pickup", new Date()).from)}.`,
    );
    const collect = page.getByRole("region", { name: "Where to collect it" });
    await expect(collect).toContainText(PICKUP_LOCATIONS[0]);
    await expect(collect).toContainText("Open Monday to Saturday, 9 am to 6 pm.");
    await expect(collect).toContainText(
      "Bring your order number or the phone number you ordered with.",
    );
    await expectAccessible(page, "tracking a paid pickup order");
    // The cart is empty and stays so: nothing invites a second order.
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
  });

  test("a pending payment shows 'confirming' until Pesapal says it is paid", async ({
    page,
    request,
  }) => {
    await addSizedToCart(page);
    await page.goto("/cart");
    await fillCheckout(page, {});
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    // The payment page's address is the only handle on the payment: a tester follows it.
    const payUrl = page.url();
    await page.getByRole("button", { name: "Leave pending" }).click();
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
    await expectAccessible(page, "payment pending");
    // Nobody lists the emulator's orders, and another site cannot post to the payment page.
    const listing = await request.get("/pesapal-sandbox/control/orders");
    expect(listing.status()).toBe(404);
    expect(await listing.text()).not.toContain("wanjiru");
    // Its API answers only the shop: its secret is new in every process, never a known one.
    const token = await request.post("/pesapal-sandbox/api/Auth/RequestToken", {
      data: { consumer_key: "sandbox-consumer-key", consumer_secret: "sandbox-consumer-secret" },
    });
    expect(token.status()).toBe(401);
    const crossSite = await request.post(`${payUrl}/complete`, {
      data: { method: "mpesa" },
      headers: { Origin: "https://attacker.example" },
    });
    expect(crossSite.status()).toBe(403);
    const paid = await request.post(`${payUrl}/complete`, {
      data: { method: "mpesa" },
      headers: { Origin: new URL(payUrl).origin },
    });
    expect(paid.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
  });

  test("a payment left pending says what to do next after two minutes, here, in another browser and on the tracking page", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The page's own clock: its two minutes pass in a moment, its checks every 4 s go on.
    await page.clock.install();
    await page.goto(`/product/${unsized.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await page.goto("/cart");
    await fillCheckout(page, {});
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await page.getByRole("button", { name: "Leave pending" }).click();
    const confirming = page.getByRole("heading", { name: "Confirming your payment…" });
    await expect(confirming).toBeVisible();
    await hydrated(page);
    const successUrl = page.url();
    // Checks keep coming back 'pending' (each used to start the two minutes again).
    await page.clock.runFor(12_000);
    await page.clock.fastForward("01:40");
    await expect(confirming).toBeVisible();
    await page.clock.fastForward("00:10");
    await expect(
      page.getByRole("heading", { name: "Your payment is not confirmed yet" }),
    ).toBeVisible();
    await expect(page.getByText("If you did not finish paying, you can pay again")).toBeVisible();
    await expect(page.getByRole("link", { name: "Check again" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay again" })).toBeVisible();
    await expectAccessible(page, "payment not confirmed after two minutes");

    // Someone else's browser (the link shared, say) learns what to do, and cannot pay again.
    const elsewhere = await browser.newContext({ baseURL });
    const other = await elsewhere.newPage();
    await other.clock.install();
    await other.goto(successUrl);
    await expect(other.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
    // Its two minutes are the page's own (timed above to the second): jumped past in steps, so
    // a timer the page starts a moment late is still reached.
    const notConfirmed = other.getByRole("heading", { name: "Your payment is not confirmed yet" });
    await expect(async () => {
      await other.clock.fastForward("00:30");
      await expect(notConfirmed).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(
      other.getByText(
        "pay again from the phone or computer you ordered on, or chat with us on WhatsApp",
      ),
    ).toBeVisible();
    await expect(other.getByRole("button", { name: "Pay again" })).toHaveCount(0);
    await elsewhere.close();

    // The order's own page says the same, with the same two ways on.
    await page.getByRole("link", { name: "Follow your order" }).click();
    await expect(page.getByTestId("payment-fact")).toHaveText(
      "Waiting for your payment to be confirmed",
    );
    const next = page.getByRole("region", { name: "What to do next" });
    await expect(next.getByText("If you did not finish paying, you can pay again")).toBeVisible();
    await expect(next.getByRole("link", { name: "Check again" })).toHaveAttribute(
      "href",
      new URL(page.url()).pathname,
    );
    await expectAccessible(page, "tracking a pending payment");
    // 'Pay again': a new payment page for the same order, not a new order.
    const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
      .replace("Order ", "")
      .trim();
    await next.getByRole("button", { name: "Pay again" }).click();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
  });

  test("an empty cart says so", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Continue Shopping" }),
    ).toHaveAttribute("href", "/shop");
    await expectAccessible(page, "empty cart");
  });

  test("a product card adds one, asking for the size first when it has sizes", {
    tag: "@both",
  }, async ({ page }) => {
    await page.goto("/shop?category=accessories");
    const card = page.getByTestId("product-card").first();
    const name = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: `Add ${name} to cart` }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    await page.goto("/shop?category=dresses");
    const dressCard = page.getByTestId("product-card").first();
    const dress = (await dressCard.locator("h3").textContent())!;
    await dressCard.getByRole("button", { name: `Add ${dress} to cart: choose a size` }).click();
    await expectAccessible(page, "card size picker");
    await dressCard.getByRole("button", { name: "L", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
  });
});

test.describe("Checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test("adds, shows errors and reaches the payment page with plain forms", async ({ page }) => {
    await page.goto(`/product/${sized.id}`);
    await chooseSize(page, sized.sizes[0]!);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(`/product/${sized.id}`);
    await expect(page.getByRole("status").filter({ hasText: "Added to cart!" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.getByTestId("cart-button").click();
    await expect(page).toHaveURL("/cart");
    await page.getByRole("button", { name: /^One more/ }).click();
    await expect(page.getByTestId("cart-line").getByText("Quantity 2")).toBeAttached();
    await fillCheckout(page, { email: "nope" });
    await payOnPesapal(page);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Please enter a valid email address",
    );
    await expect(page.getByLabel("Full name")).toHaveValue("Wanjiru Kamau");
    await fillCheckout(page, {});
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await expect(
      page.getByRole("heading", { name: `Pay KES ${(sized.price * 2).toLocaleString("en-KE")}` }),
    ).toBeVisible();
  });

  test("a pending payment's page refreshes itself until the payment is confirmed", async ({
    page,
    request,
  }) => {
    await page.goto(`/product/${unsized.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await fillCheckout(page, {});
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    const payUrl = page.url();
    await page.getByRole("button", { name: "Leave pending" }).click();
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();
    // Without JavaScript only a reload can change the page: the refresh asks again every 4 s
    // (written as HTML wants it, with a space before 'url').
    // Every 4 seconds, carrying when the shopper arrived (it gives up after two minutes).
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute(
      "content",
      /^4; url=\/order-success\?OrderTrackingId=.*&since=\d+$/,
    );
    await request.post(`${payUrl}/complete`, {
      data: { method: "mpesa" },
      headers: { Origin: new URL(payUrl).origin },
    });
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
  });
});
