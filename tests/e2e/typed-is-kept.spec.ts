import type { Page } from "@playwright/test";
import { PICKUP_LOCATIONS } from "../../app/modules/checkout/delivery";
import { madeToOrder } from "./catalogue";
import {
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  payOnPesapal,
  shopperPhone,
  test,
} from "./fixtures";

// Made-to-order pieces: buying them again and again never empties a shelf another spec counts.
const piece = madeToOrder.find((p) => p.sizes.length === 0 && p.price < 2000)!;
const sized = madeToOrder.find((p) => p.sizes.length > 1 && p.price < 3000)!;
/** Over the free-delivery threshold on its own, so every method costs the same. */
const dearPiece = madeToOrder.find((p) => p.sizes.length > 1 && p.price >= 5000)!;
/** In one size only ('One Size'). */
const oneSize = madeToOrder.find((p) => p.sizes.length === 1)!;

/** Puts a line in this browser's cart through the cart's own form, as a tap does. */
async function add(page: Page, productId: string, size = "", quantity = 1) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const added = await page.request.post("/cart", {
    form: { intent: "add", productId, size, quantity: String(quantity), returnTo: "/cart" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
}

const shopper = {
  name: "Achieng Odhiambo",
  email: "achieng@example.co.ke",
  address: "Oginga Odinga St, next to the post office",
  city: "Kisumu",
  notes: "Call when you reach the stage",
};

async function fillShopper(page: Page) {
  await page.getByLabel("Full name").fill(shopper.name);
  // The test's own number (checkouts are limited per number), typed as people do, with spaces.
  const phone = shopperPhone();
  await page
    .getByLabel(/^Phone\b/)
    .fill(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
  await page.getByRole("textbox", { name: "Email" }).fill(shopper.email);
  await page.getByLabel("City").fill(shopper.city);
  await page.getByLabel("Order notes").fill(shopper.notes);
}

test.describe("'Try again' after a failed payment", () => {
  test("says why in plain words, and 'Try again' pays the same order on Pesapal's page", async ({
    page,
  }) => {
    await add(page, piece.id);
    await page.goto("/cart");
    await fillShopper(page);
    await page.getByLabel("Matatu parcel").check();
    await page.getByLabel(/^Delivery address/).fill(shopper.address);
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    // The card's bank refuses it: Pesapal passes on the bank's words, the shopper reads plain ones.
    await page.getByLabel("Visa").check();
    await page.getByRole("button", { name: "Fail the payment" }).click();
    await expect(
      page.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible();
    await expect(page.getByTestId("payment-failure")).toHaveText(
      "Your bank or card issuer declined the payment.",
    );
    await expect(page.getByText(/Unable to Authorize|Kindly contact/)).toHaveCount(0);
    await expect(
      page.getByText(
        "Nothing was charged. You can pay for this same order again: nothing else changes.",
      ),
    ).toBeVisible();
    await expectAccessible(page, "payment failed with its reason");
    const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
      .replace("Order ", "")
      .trim();

    // The same order, paid again on Pesapal's page: no new order, no new reference.
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
    // Paid: the next cart starts blank, without the old order's story.
    await add(page, piece.id);
    await page.goto("/cart");
    await expect(page.getByText("Your last payment did not go through.")).toHaveCount(0);
    await expect(page.getByLabel("Full name")).toHaveValue("");
  });
});

test.describe("'Try again' without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same: the reason, then the same order paid again", async ({ page }) => {
    await add(page, sized.id, sized.sizes[0]);
    await page.goto("/cart");
    await fillShopper(page);
    await page.getByRole("radio", { name: PICKUP_LOCATIONS[1] }).check();
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    // M-Pesa's prompt cancelled on the phone.
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: "Fail the payment" }).click();
    await expect(page.getByTestId("payment-failure")).toHaveText(
      "The payment was cancelled before it was finished.",
    );
    await expectAccessibleWithoutJs(page, "payment failed, without JavaScript");
    const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
      .replace("Order ", "")
      .trim();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
  });
});

test.describe("A one-size piece", () => {
  test("is added from its card and its page without a size question", async ({ page }) => {
    await page.goto(`/shop?category=${oneSize.category}&q=${encodeURIComponent(oneSize.name)}`);
    const card = page.getByTestId("product-card").filter({ hasText: oneSize.name });
    await expect(
      card.getByRole("button", { name: `Add ${oneSize.name} to cart: choose a size` }),
    ).toHaveCount(0);
    await card.getByRole("button", { name: `Add ${oneSize.name} to cart` }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    await page.goto(`/product/${oneSize.id}`);
    await expect(page.getByRole("group", { name: "Size" })).toHaveCount(0);
    await expect(page.getByRole("main").getByText(`Size: ${oneSize.sizes[0]}`)).toBeVisible();
    await expectAccessible(page, "one-size product page");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line").filter({ hasText: oneSize.name })).toContainText(
      `Size: ${oneSize.sizes[0]}`,
    );
  });
});

test.describe("A one-size piece without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("its card's button adds it at once, as its page's does", async ({ page }) => {
    await page.goto(`/shop?category=${oneSize.category}&q=${encodeURIComponent(oneSize.name)}`);
    const card = page.getByTestId("product-card").filter({ hasText: oneSize.name });
    await card.getByRole("button", { name: `Add ${oneSize.name} to cart` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to cart!" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.goto(`/product/${oneSize.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
  });
});

test.describe("Clear Cart", () => {
  test("offers 'Undo' for 5 seconds, which puts every line back as it was", async ({ page }) => {
    await add(page, piece.id, "", 2);
    await add(page, sized.id, sized.sizes[1]);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByText("Your cart was cleared.")).toBeVisible();
    const undo = page.getByRole("button", { name: "Undo" });
    // The button that was pressed is gone: the focus waits on 'Undo'.
    await expect(undo).toBeFocused();
    // The pointer resting on the toast holds it while axe reads the page, however slow the machine.
    await undo.hover();
    await expectAccessible(page, "cleared cart with its 'Undo'");
    await undo.click();
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-line").filter({ hasText: piece.name })).toContainText(
      "Quantity 2",
    );
    await expect(page.getByTestId("cart-line").filter({ hasText: sized.name })).toContainText(
      `Size: ${sized.sizes[1]}`,
    );
    await expect(page.getByTestId("cart-badge")).toHaveText("3");
  });

  test("the 'Undo' leaves after about 5 seconds, handing the focus to the page's heading", async ({
    page,
  }) => {
    await add(page, piece.id);
    await page.goto("/cart");
    // Watched in the page, every 20 ms, from the moment it shows to the moment it goes.
    const watched = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let shownAt = 0;
          const check = () => {
            const undo = [...document.querySelectorAll("button")].find(
              (b) => b.textContent === "Undo" && b.getBoundingClientRect().height > 0,
            );
            if (!shownAt && undo) shownAt = performance.now();
            if (shownAt && !undo) return resolve(performance.now() - shownAt);
            setTimeout(check, 20);
          };
          check();
        }),
    );
    await page.getByRole("button", { name: "Clear Cart" }).click();
    // A toast waits while the pointer rests on it; phones have no pointer, so move it away.
    await page.mouse.move(0, 0);
    const shownFor = await watched;
    expect(shownFor).toBeGreaterThan(4000);
    expect(shownFor).toBeLessThan(7500);
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeFocused();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
  });
});

test.describe("Clear Cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("simply clears the cart", async ({ page }) => {
    await add(page, piece.id);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
});

test.describe("The checkout's fields", () => {
  test("phone and email bring up the right keyboard and autofill", async ({ page }) => {
    await add(page, piece.id);
    await page.goto("/cart");
    const phone = page.getByLabel(/^Phone\b/);
    await expect(phone).toHaveAttribute("type", "tel");
    await expect(phone).toHaveAttribute("inputmode", "tel");
    await expect(phone).toHaveAttribute("autocomplete", "tel");
    const email = page.getByRole("textbox", { name: "Email" });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("inputmode", "email");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await expect(page.getByLabel("Full name")).toHaveAttribute("autocomplete", "name");
  });

  test("each pickup point reads in full; the address is asked for matatu and rider only", async ({
    page,
  }) => {
    await add(page, piece.id);
    await page.goto("/cart");
    const points = page.getByRole("group", { name: "Pickup location" });
    for (const location of PICKUP_LOCATIONS) {
      const label = points.locator("label").filter({ hasText: location });
      await expect(label).toBeVisible();
      // Nothing cut off: the whole name is inside the box that shows it.
      const clipped = await label.evaluate(
        (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      );
      expect(clipped, `${location} is cut off`).toBe(false);
      await expect(label).toHaveText(location);
    }
    await expect(page.getByLabel(/^Delivery address/)).toBeHidden();
    await page.getByLabel("Rider (boda boda)").check();
    const address = page.getByLabel(/^Delivery address/);
    await expect(address).toHaveAttribute("aria-required", "true");
    await expect(page.locator('label[for="checkout-address"]')).toHaveText("Delivery address *");
    await expect(points).toBeHidden();
    // What was typed stays while the shopper changes their mind.
    await address.fill("Ngong Rd, Karen");
    await page.getByRole("radio", { name: /^Pickup/ }).check();
    await expect(page.getByLabel(/^Delivery address/)).toBeHidden();
    await page.getByLabel("Matatu parcel").check();
    await expect(page.getByLabel(/^Delivery address/)).toHaveValue("Ngong Rd, Karen");
    await expectAccessible(page, "checkout for matatu");
  });
});

test.describe("The delivery address without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test("rider chosen on the pickup page: the server still asks for the address, beside its field", async ({
    page,
  }) => {
    // Over the threshold, every method is free: Pay's total stays right, the address is missing.
    await add(page, dearPiece.id, dearPiece.sizes[0]);
    await page.goto("/cart");
    await expect(page.getByLabel(/^Delivery address/)).toBeHidden();
    await fillShopper(page);
    await page.getByLabel("Rider (boda boda)").check();
    await payOnPesapal(page);
    const address = page.getByLabel(/^Delivery address/);
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(
      "Please provide your exact delivery location",
    );
    await expect(address).toBeFocused();
    await expect(page.getByLabel("Rider (boda boda)")).toBeChecked();
    await expect(page.getByLabel("Full name")).toHaveValue(shopper.name);
    await expectAccessibleWithoutJs(page, "address asked for by the server");
    await address.fill("Kindaruma Rd, Kilimani");
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
  });
});
