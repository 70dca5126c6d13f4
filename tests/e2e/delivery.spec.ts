import type { Page } from "@playwright/test";
import { PICKUP_LOCATIONS } from "../../app/modules/checkout/delivery";
import { inStock, madeToOrder } from "./catalogue";
import {
  backOfficeURL,
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  fillCheckout,
  isPhone,
  ksh,
  logInAsOwner,
  test,
} from "./fixtures";

// The suite's shops run with the default FREE_DELIVERY_OVER: delivery is free from KSh 5,000.
const THRESHOLD = 5000;
/** KSh 1,250: four of them are exactly the threshold, three are one short of it by 1,250. */
const bangle = inStock.find((p) => p.sizes.length === 0 && p.price === 1250)!;
/**
 * A sized piece under KSh 3,000: one of it pays for delivery. Made to order (not counted), since
 * every run checks one out and a counted shelf would run empty after a few.
 */
const outfit = madeToOrder.find((p) => p.sizes.length > 0 && p.price < 3000)!;

/** Adds the bangle set `quantity` times through its product page, as a shopper taps. */
async function addBangles(page: Page, quantity: number) {
  for (let i = 0; i < quantity; i++) {
    await page.goto(`/product/${bangle.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText(String(i + 1));
  }
}

test.describe("Promises on the product page", () => {
  test("free shipping names the threshold and leads to /delivery; the return policy leads to /returns", async ({
    page,
  }) => {
    await page.goto(`/product/${outfit.id}`);
    const shipping = page.getByRole("link", {
      name: `Free delivery on orders of ${ksh(THRESHOLD)} or more`,
    });
    await expect(shipping).toHaveAttribute("href", "/delivery");
    await expect(page.getByRole("link", { name: "30-day return policy" })).toHaveAttribute(
      "href",
      "/returns",
    );
    await shipping.click();
    await expect(page).toHaveURL("/delivery");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How your order reaches you");

    await page.goto(`/product/${outfit.id}`);
    await page.getByRole("link", { name: "30-day return policy" }).click();
    await expect(page).toHaveURL("/returns");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("30-day return policy");
  });
});

test.describe("Delivery and returns pages", () => {
  test("/delivery: fees, the checkout's pickup points, matatu towns, rider areas and times", async ({
    page,
  }) => {
    await page.goto("/delivery");
    await expect(page).toHaveTitle("Delivery | Amani Prints");
    await expect(
      page.getByText(
        `Delivery is free on every order of ${ksh(THRESHOLD)} or more, whichever way you choose.`,
      ),
    ).toBeVisible();
    const fees = page.getByRole("table", { name: "Delivery methods with their fees and times" });
    const row = (method: string) => fees.getByRole("row").filter({ hasText: method });
    await expect(row("Pickup")).toContainText("Free");
    await expect(row("Pickup")).toContainText("Ready the next working day after you pay.");
    await expect(row("Matatu parcel")).toContainText("KSh 150");
    await expect(row("Matatu parcel")).toContainText("1 to 3 working days");
    await expect(row("Rider (boda boda)")).toContainText("KSh 300");
    await expect(row("Rider (boda boda)")).toContainText("The same day when you pay before 1 pm");
    for (const location of PICKUP_LOCATIONS) {
      await expect(page.getByRole("heading", { name: location })).toBeVisible();
    }
    await expect(
      page.getByText("Monday to Saturday 9 am to 7 pm, Sunday 11 am to 5 pm."),
    ).toBeVisible();
    const matatu = page.getByRole("region", { name: "Matatu parcels across Kenya" });
    for (const town of ["Nakuru", "Kisumu", "Mombasa"]) {
      await expect(matatu.getByRole("listitem").filter({ hasText: town })).toBeVisible();
    }
    const riders = page.getByRole("region", { name: "Riders in Nairobi and nearby" });
    await expect(riders.getByText("Kilimani, Kileleshwa and Lavington")).toBeVisible();
    await expect(
      page.getByText(
        "For now we deliver within Kenya only. Delivery to other African countries is coming soon.",
      ),
    ).toBeVisible();
    await expectAccessible(page, "delivery page");
    await page.getByRole("link", { name: "Our return policy" }).click();
    await expect(page).toHaveURL("/returns");
  });

  test("/returns: what can come back, how, and the refund", async ({ page }) => {
    await page.goto("/returns");
    await expect(page).toHaveTitle("Returns | Amani Prints");
    await expect(
      page.getByText(
        "If a piece is not right, you have 30 days from the day you receive your order to return it.",
        { exact: false },
      ),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "What you can return" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expect(page.getByText("Pieces we altered or made to your measurements")).toBeVisible();
    await expect(
      page.getByText(
        `Bring the piece to one of our pickup points (${PICKUP_LOCATIONS[0]}, or ${PICKUP_LOCATIONS[1]}), or send it to us by matatu parcel to Nairobi.`,
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Refunds go back to the M-Pesa number or card you paid with, within 7 working days of our check.",
      ),
    ).toBeVisible();
    await expectAccessible(page, "returns page");
    await page.getByRole("link", { name: "Delivery fees and times" }).click();
    await expect(page).toHaveURL("/delivery");
  });

  test("the footer and the FAQ lead to both pages", async ({ page }) => {
    await page.goto("/");
    const help = page.getByRole("navigation", { name: "Help" });
    await expect(help.getByRole("link", { name: "Delivery" })).toHaveAttribute("href", "/delivery");
    await expect(help.getByRole("link", { name: "Returns" })).toHaveAttribute("href", "/returns");
    await help.getByRole("link", { name: "Returns" }).click();
    await expect(page).toHaveURL("/returns");

    await page.goto("/contact");
    await page.getByText("Where do you deliver?").click();
    await page.getByRole("link", { name: "Delivery fees, pickup points and times" }).click();
    await expect(page).toHaveURL("/delivery");
    await page.goto("/contact");
    await page.getByText("Can I return a piece?").click();
    await expect(
      page.getByText(
        "Yes, within 30 days of receiving it: exchange it for another size or get your money back.",
      ),
    ).toBeVisible();
    await expectAccessible(page, "FAQ with the returns answer open");
    await page.getByRole("link", { name: "Our return policy" }).click();
    await expect(page).toHaveURL("/returns");
  });
});

test.describe("Free delivery from KSh 5,000", () => {
  test("exactly the threshold is free: drawer, cart, Pay button, payment page and order page", async ({
    page,
  }) => {
    await addBangles(page, 3);
    // Three bangle sets (3,750): the drawer says how far free delivery is.
    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart (3)" });
    await expect(drawer.getByText("Add KSh 1,250 more for free delivery.")).toBeVisible();
    await expect(drawer.getByTestId("drawer-delivery")).toHaveCount(0);
    // One more makes 5,000: free.
    await drawer.getByRole("button", { name: new RegExp(`^One more ${bangle.name}`) }).click();
    const four = page.getByRole("dialog", { name: "Shopping Cart (4)" });
    await expect(four.getByTestId("drawer-total")).toHaveText(ksh(THRESHOLD));
    await expect(four.getByTestId("drawer-delivery")).toHaveText("Free");
    await expect(four.getByText(/more for free delivery/)).toHaveCount(0);
    await expectAccessible(page, "drawer with free delivery");
    await four.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL("/cart");

    // Every method is free; the rider's fee is gone from the total and the button.
    for (const method of ["Pickup", "Matatu parcel", "Rider \\(boda boda\\)"]) {
      await expect(
        page
          .locator("label")
          .filter({ has: page.getByRole("radio", { name: new RegExp(`^${method}`) }) }),
      ).toContainText("Free");
    }
    await page.getByLabel("Rider (boda boda)").check();
    await expect(page.getByTestId("delivery-fee")).toHaveText("Free");
    await expect(page.getByTestId("order-total")).toHaveText(ksh(THRESHOLD));
    await expect(page.getByRole("button", { name: `Pay ${ksh(THRESHOLD)}` })).toBeVisible();
    await expectAccessible(page, "cart with free delivery");
    await fillCheckout(page, { name: "Wanjiru Kamau" });
    await page.getByLabel(/^Delivery address/).fill("Argwings Kodhek Rd, Kilimani");
    await page.getByRole("button", { name: `Pay ${ksh(THRESHOLD)}` }).click();

    // Pesapal is asked for the subtotal only.
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await expect(page.getByRole("heading", { name: "Pay KES 5,000" })).toBeVisible();
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByTestId("order-delivery")).toHaveText("Free");
    await expectAccessible(page, "order with free delivery");
  });

  test("one short of it pays the fee, and the cart says how much more is free", async ({
    page,
  }) => {
    await addBangles(page, 3);
    await page.goto("/cart");
    await page.getByLabel("Matatu parcel").check();
    await expect(page.getByTestId("delivery-fee")).toHaveText("KSh 150");
    await expect(page.getByTestId("order-total")).toHaveText(ksh(3 * bangle.price + 150));
    await expect(
      page.getByRole("main").getByText("Add KSh 1,250 more for free delivery."),
    ).toBeVisible();
    // With JavaScript the totals follow the choice: no 'Update total' button.
    await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);
  });
});

test.describe("The back office sees free delivery", () => {
  test.use({ baseURL: backOfficeURL });

  test("an order over the threshold shows 'Free' in its details", async ({ page }, testInfo) => {
    const customer = `Free ${isPhone(page) ? "Simu" : "Tarakilishi"} ${Date.now().toString(36)} ${testInfo.repeatEachIndex}`;
    await addBangles(page, 4);
    await page.goto("/cart");
    await page.getByLabel("Rider (boda boda)").check();
    await fillCheckout(page, { name: customer });
    await page.getByLabel(/^Delivery address/).fill("Ngong Rd, Karen");
    await page.getByRole("button", { name: `Pay ${ksh(THRESHOLD)}` }).click();
    await expect(page.getByRole("heading", { name: "Pay KES 5,000" })).toBeVisible();
    await page.getByRole("button", { name: "Leave pending" }).click();
    await expect(page.getByRole("heading", { name: "Confirming your payment…" })).toBeVisible();

    await logInAsOwner(page);
    await page.goto("/admin/orders?status=Pending");
    const row = page.getByTestId("order-row").filter({ hasText: customer }).first();
    await row.getByRole("link", { name: /View details/ }).click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(details).toContainText("Delivery methodRider (boda boda)");
    await expect(details.getByTestId("details-delivery-fee")).toHaveText("Free");
    await expect(details).toContainText(`Total${ksh(THRESHOLD)}`);
    await expectAccessible(page, "order details with free delivery");
  });
});

test.describe("The total before JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 409/] });

  test("the chosen method's address, total and Pay button show without a round trip; the first Pay charges what it says", async ({
    page,
  }) => {
    await page.goto(`/product/${outfit.id}`);
    await page
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: outfit.sizes[0]!, exact: true }) })
      .click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.goto("/cart");

    // Drawn for pickup: the pickup points, no address, pickup's total.
    const address = page.getByLabel(/^Delivery address/);
    const points = page.getByRole("group", { name: "Pickup location" });
    const shown = (testId: string) => page.getByTestId(testId).locator("visible=true");
    await expect(address).toBeHidden();
    await expect(points).toBeVisible();
    await expect(shown("order-total")).toHaveText(ksh(outfit.price));
    await expect(page.getByRole("button", { name: `Pay ${ksh(outfit.price)}` })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay KSh/ })).toHaveCount(1);

    // Rider chosen: the address field, the rider's fee and total, and one Pay button saying it.
    await fillCheckout(page, { name: "Achieng Odhiambo" });
    await page.getByLabel("Order notes").fill("Call at the gate");
    await page.getByLabel("Rider (boda boda)").check();
    await expect(address).toBeVisible();
    await expect(page.locator('label[for="checkout-address"]')).toHaveText("Delivery address *");
    await expect(address).toHaveAttribute("aria-required", "true");
    await expect(points).toBeHidden();
    await expect(shown("delivery-fee")).toHaveText(ksh(300));
    await expect(shown("order-total")).toHaveText(ksh(outfit.price + 300));
    await expect(page.getByRole("button", { name: /^Pay KSh/ })).toHaveText(
      `Pay ${ksh(outfit.price + 300)}`,
    );
    await expectAccessibleWithoutJs(page, "checkout before JavaScript");

    // Matatu, the address typed once: the first Pay goes to the payment page with its total.
    await address.fill("Kisumu, Oginga Odinga St");
    await page.getByLabel("Matatu parcel").check();
    await expect(shown("order-total")).toHaveText(ksh(outfit.price + 150));
    await page.getByRole("button", { name: `Pay ${ksh(outfit.price + 150)}` }).click();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await expect(
      page.getByRole("heading", {
        name: `Pay KES ${(outfit.price + 150).toLocaleString("en-KE")}`,
      }),
    ).toBeVisible();
  });

  test("the product page's promises and both pages work without JavaScript", async ({ page }) => {
    await page.goto(`/product/${outfit.id}`);
    await page
      .getByRole("link", { name: `Free delivery on orders of ${ksh(THRESHOLD)} or more` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How your order reaches you");
    await page.getByRole("link", { name: "Our return policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("30-day return policy");
  });
});
