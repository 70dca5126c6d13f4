import type { Page } from "@playwright/test";
import { madeToOrder } from "./catalogue";
import {
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  fillCheckout,
  hydrated,
  ksh,
  PAY_BY_PHONE,
  PAY_ON_PESAPAL,
  test,
} from "./fixtures";

const bag = madeToOrder.find((p) => p.sizes.length === 0)!;
const WAITING = "Check your phone and enter your M-Pesa PIN";

/** Puts the bag in the cart and fills the checkout to pay by M-Pesa, up to the Pay button. */
async function toCheckout(page: Page, javaScript = true) {
  await page.goto(`/product/${bag.id}`);
  if (javaScript) await hydrated(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  if (javaScript) await expect(page.getByText("Added to cart!")).toBeVisible();
  await page.goto("/cart");
  if (javaScript) await hydrated(page);
  await fillCheckout(page, {}, "mpesa");
}

/** The demo phone beside the waiting page. */
const phone = (page: Page) => page.getByRole("complementary", { name: "Enter M-Pesa PIN" });

test.describe("M-Pesa Express: paying on the phone without leaving the shop", () => {
  test("M-Pesa is offered first; the prompt is paid on the phone and the order is confirmed", async ({
    page,
  }) => {
    await toCheckout(page);
    await expect(page.getByRole("radio", { name: PAY_BY_PHONE })).toBeChecked();
    await expect(page.getByRole("radio", { name: PAY_ON_PESAPAL })).not.toBeChecked();
    await expect(page.getByLabel(/^M-Pesa number, if not the phone above/)).toBeVisible();
    // Choosing Pesapal hides the M-Pesa number; M-Pesa shows it again.
    await page.getByRole("radio", { name: PAY_ON_PESAPAL }).check();
    await expect(page.getByLabel(/^M-Pesa number, if not the phone above/)).toBeHidden();
    await page.getByRole("radio", { name: PAY_BY_PHONE }).check();
    await page.getByLabel(/^M-Pesa number, if not the phone above/).fill("0799 123 456");
    await expectAccessible(page, "cart with payment choice");
    await page.getByRole("button", { name: `Pay ${ksh(bag.price)}` }).click();

    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      `Amani Prints is asking for ${ksh(bag.price)} on 0799 123 456.`,
    );
    await expect(phone(page)).toContainText(`Pay ${ksh(bag.price)} to Amani Prints?`);
    await expectAccessible(page, "waiting for the M-Pesa PIN");
    await phone(page).getByLabel("PIN (any four digits)").fill("1234");
    await phone(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/order-success\?attempt=/);
  });

  test("cancelled on the phone: said in words, then 'Send the prompt again' pays the same order", async ({
    page,
  }) => {
    await toCheckout(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    const reference = (await page.getByText(/^Order [0-9A-F]{8}\./).textContent())!.slice(6, 14);
    await phone(page).getByRole("button", { name: "Cancel" }).click();
    await expect(
      page.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("payment-failure")).toHaveText(
      "The payment was cancelled before it was finished.",
    );
    await expectAccessible(page, "M-Pesa payment cancelled");
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    // The same order, a new prompt.
    await expect(page.getByText(`Order ${reference}.`, { exact: false })).toBeVisible();
    await phone(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
  });

  test("each outcome the phone can end with is said in words a shopper understands", async ({
    page,
  }) => {
    for (const [outcome, words] of [
      [
        "Insufficient balance (1)",
        "There was not enough money in the account or on the card you paid with.",
      ],
      ["Wrong PIN (2001)", "The M-Pesa PIN that was entered was not accepted."],
      [
        "No answer (time out)",
        "The payment request ran out of time: the M-Pesa prompt on your phone may have closed before you entered your PIN.",
      ],
      [
        "Another M-Pesa transaction in progress for the number (1001)",
        "Another M-Pesa request was already waiting on that phone. Finish or cancel it, then try again.",
      ],
    ] as const) {
      if (outcome.startsWith("Insufficient")) {
        await toCheckout(page);
        await page.getByRole("button", { name: /^Pay KSh/ }).click();
      } else {
        await page.getByRole("button", { name: "Send the prompt again" }).click();
      }
      await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
      await phone(page).getByText("Other outcomes").click();
      await phone(page).getByRole("button", { name: outcome }).click();
      await expect(page.getByTestId("payment-failure")).toHaveText(words, { timeout: 15_000 });
    }
  });

  test("'Pay another way' takes the same order to Pesapal's page", async ({ page }) => {
    await toCheckout(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await page.getByRole("button", { name: "Pay another way" }).click();
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
    await page.getByLabel("Visa").check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the waiting page refreshes itself and ends on the order's page", async ({ page }) => {
      await toCheckout(page, false);
      await page.getByRole("button", { name: /^Pay KSh/ }).click();
      await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
      await expect(page.locator('noscript meta[http-equiv="refresh"]')).toHaveCount(1);
      await expectAccessibleWithoutJs(page, "waiting for the M-Pesa PIN, no JavaScript");
      await phone(page).getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
        timeout: 20_000,
      });
    });
  });
});
