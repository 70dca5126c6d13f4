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
  shopperPhone,
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
    // The test's own payer number: each number is prompted at most 3 times an hour.
    const payer = shopperPhone("payer");
    await page
      .getByLabel(/^M-Pesa number, if not the phone above/)
      .fill(`${payer.slice(0, 4)} ${payer.slice(4, 7)} ${payer.slice(7)}`);
    await expectAccessible(page, "cart with payment choice");
    await page.getByRole("button", { name: `Pay ${ksh(bag.price)}` }).click();

    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      `Amani Prints is asking for ${ksh(bag.price)} on ${payer.slice(0, 4)} ${payer.slice(4, 7)} ${payer.slice(7)}.`,
    );
    // The prompt names the shop, the amount and the order, as Daraja was asked to show them.
    await expect(phone(page)).toContainText(`Pay ${ksh(bag.price)} to Amani Prints?`);
    const reference = (await page.getByText(/^Order [0-9A-F]{8}\./).textContent())!.slice(6, 14);
    await expect(phone(page)).toContainText(`Account ${reference}`);
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

test.describe("M-Pesa prompts: a few per number, only from the browser that ordered", () => {
  // Refused prompts answer 429 and 403, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of (403|429)/] });

  test("each outcome the phone can end with is said in words; a fourth prompt to one number in the hour is refused in words, here and at checkout", async ({
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
    // Three prompts to this number in the hour: the fourth is not sent, and the shopper reads why.
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^This M-Pesa number has had 3 payment requests in the last hour\. Please try again in \d+ minutes?, or pay another way\.$/,
    );
    await expect(
      page.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible();
    await expect(phone(page)).toHaveCount(0);
    await expectAccessible(page, "a fourth M-Pesa prompt in the hour refused");
    // Another number may still be asked: here one whose phone is busy with another payment.
    await page.getByLabel("M-Pesa number").fill(shopperPhone("another"));
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await phone(page).getByText("Other outcomes").click();
    await phone(page)
      .getByRole("button", { name: "Another M-Pesa transaction in progress for the number (1001)" })
      .click();
    await expect(page.getByTestId("payment-failure")).toHaveText(
      "Another M-Pesa request was already waiting on that phone. Finish or cancel it, then try again.",
      { timeout: 15_000 },
    );
    // A new order for the first number is told the same at checkout, before it is placed.
    await page.goto("/cart");
    await hydrated(page);
    await fillCheckout(page, {}, "mpesa");
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^This M-Pesa number has had 3 payment requests in the last hour\. Please try again in \d+ minutes?, or pay another way\.$/,
    );
    await expect(page).toHaveURL(/\/cart$/);
    await expectAccessible(page, "checkout refused a fourth M-Pesa prompt in the hour");
  });

  test("another browser with the waiting page's link sees it, but cannot send the prompt again, with or without JavaScript", async ({
    page,
    browser,
    baseURL,
  }) => {
    await toCheckout(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await phone(page).getByRole("button", { name: "Cancel" }).click();
    await expect(
      page.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible({ timeout: 15_000 });
    const link = page.url();

    const elsewhere = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(
      other.getByRole("heading", { name: "Your payment did not go through" }),
    ).toBeVisible();
    await expect(other.getByTestId("not-mine")).toHaveText(
      "Only the phone or computer that placed this order can send the prompt again or change the M-Pesa number. You can still pay another way.",
    );
    await expect(other.getByRole("button", { name: "Send the prompt again" })).toHaveCount(0);
    await expect(other.getByLabel("M-Pesa number")).toHaveCount(0);
    await expect(other.getByRole("button", { name: "Pay another way" })).toBeVisible();
    await expectAccessibleWithoutJs(other, "another browser's waiting page");
    // The form posted anyway, as a script would: refused in the same words, no prompt sent.
    const forced = await other.request.post(link, {
      form: { intent: "again", payerPhone: shopperPhone() },
      headers: { Origin: new URL(link).origin },
    });
    expect(forced.status()).toBe(403);
    expect(await forced.text()).toContain(
      "Only the phone or computer that placed this order can send the prompt again",
    );
    // In Kiswahili too.
    await other.goto(link.replace("/pay/", "/sw/pay/"));
    await expect(other.getByTestId("not-mine")).toHaveText(
      "Ni simu au kompyuta iliyoweka agizo hili pekee inayoweza kutuma ombi tena au kubadilisha nambari ya M-Pesa. Bado unaweza kulipa kwa njia nyingine.",
    );
    await elsewhere.close();

    // The browser that ordered still can: the same order, a new prompt, paid.
    await page.reload();
    await hydrated(page);
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await phone(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });
  });
});
