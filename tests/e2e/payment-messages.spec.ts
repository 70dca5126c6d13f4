import type { Page } from "@playwright/test";
import * as sw from "../../app/i18n/sw";
import { madeToOrder } from "./catalogue";
import {
  expect,
  expectAccessible,
  fillCheckout,
  hydrated,
  logInAsOwner,
  openDashboard,
  shopperPhone,
  test,
} from "./fixtures";

// Issue 40, points 5 and 6, at phone size: one purchase, one story in messages; a payment claimed
// for another amount is 'checking' for the shopper and 'needs attention' for the owner.

const bag = madeToOrder.find((p) => p.sizes.length === 0)!;
const WAITING = "Check your phone and enter your M-Pesa PIN";
const FAILED = "Your payment did not go through";

/** The demo phone beside the waiting page. */
const phone = (page: Page) => page.getByRole("complementary", { name: "Enter M-Pesa PIN" });

/** The bag bought by M-Pesa up to the prompt; answers the order's reference. */
async function toPrompt(page: Page) {
  await page.goto(`/product/${bag.id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!")).toBeVisible();
  await page.goto("/cart");
  await hydrated(page);
  await fillCheckout(page, {}, "mpesa");
  await page.getByRole("button", { name: /^Pay KSh/ }).click();
  await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
  return (await page.getByText(/^Order [0-9A-F]{8}\./).textContent())!.slice(6, 14);
}

/** As if `minutes` had passed for the order's messages waiting in the outbox (a test hook). */
async function minutesPass(page: Page, reference: string, minutes: number) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const moved = await page.request.post("/__test/outbox-clock", {
    form: { minutes: String(minutes), order: reference },
    headers: { Origin: origin },
  });
  expect(moved.status()).toBe(200);
}

/** The order's messages as the owner's messages page lists them. */
const messagesOf = (page: Page, reference: string) =>
  page.getByTestId("message").filter({ hasText: reference });

test.describe("a failed payment's messages", () => {
  test("a cancelled prompt paid 15 seconds later: the shopper is never told it failed", async ({
    page,
  }) => {
    const reference = await toPrompt(page);
    await phone(page).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: FAILED })).toBeVisible({ timeout: 15_000 });
    // Moments later (well within 15 seconds), the shopper pays the same order after all.
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await phone(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible({
      timeout: 15_000,
    });

    // The failure's wait ends with the order paid: nothing about a failure goes out, ever.
    await minutesPass(page, reference, 11);
    await logInAsOwner(page);
    await expect(async () => {
      await openDashboard(page, "/admin/messages");
      const sms = messagesOf(page, reference).filter({ hasText: "SMS" });
      await expect(sms.filter({ hasText: "we got your payment" })).toHaveCount(1);
      await expect(messagesOf(page, reference).filter({ hasText: "not paid" })).toHaveCount(0, {
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
  });

  test("a failure left unpaid for the wait is told once, with the link to pay this same order again", async ({
    page,
  }) => {
    const reference = await toPrompt(page);
    await phone(page).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: FAILED })).toBeVisible({ timeout: 15_000 });
    await minutesPass(page, reference, 10);
    await logInAsOwner(page);
    const sms = messagesOf(page, reference).filter({ hasText: "SMS" });
    await expect(async () => {
      await openDashboard(page, "/admin/messages");
      await expect(sms.getByTestId("message-state")).toHaveText("Kept in the outbox", {
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    await expect(sms).toContainText(
      `Amani Prints: order ${reference} was not paid and nothing was charged. Pay for this order again: `,
    );
    const email = messagesOf(page, reference).filter({ hasText: "Email" });
    await expect(email).toContainText("you can pay for this same order again from its page");
    await expect(email).not.toContainText("place the order again");

    // The link opens the order's page, where the browser that placed it pays the same order.
    await sms.getByRole("link").click();
    await expect(page.getByTestId("payment-fact")).toHaveText("Payment did not go through");
    const next = page.getByRole("region", { name: "What to do next" });
    await expect(next).toContainText(
      "Nothing was charged. Your order is kept: you can pay for it again here.",
    );
    await expectAccessible(page, "tracking a failed payment");
    await next.getByRole("button", { name: "Pay for this order again" }).click();
    await expect(page.getByRole("heading", { name: FAILED })).toBeVisible();
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await expect(page.getByRole("heading", { name: WAITING })).toBeVisible();
    await expect(page.getByText(`Order ${reference}.`, { exact: false })).toBeVisible();
    await phone(page).getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe("a payment claimed for another amount", () => {
  test("the shopper reads 'we are checking your payment', never 'paid'; the owner sees it needs attention", async ({
    page,
  }) => {
    const reference = await toPrompt(page);
    await phone(page).getByText("Other outcomes").click();
    await phone(page)
      .getByRole("button", { name: "Paid, but the callback claims KSh 1 (wrong amount)" })
      .click();
    await expect(page.getByRole("heading", { name: "We are checking your payment" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId("payment-checking")).toHaveText(
      "What M-Pesa told us does not match this order's total, so we are checking the payment before we pack anything. Please do not pay again: we will send you a message once it is confirmed, or chat with us on WhatsApp.",
    );
    await expect(page.getByText("Thank You For Your Order!")).toHaveCount(0);
    await expectAccessible(page, "payment being checked");
    await page.getByRole("link", { name: "Follow your order" }).click();
    await expect(page.getByTestId("payment-fact")).toHaveText("We are checking your payment");
    await expectAccessible(page, "tracking a payment being checked");

    await logInAsOwner(page);
    await openDashboard(page, "/admin/orders?view=attention");
    const row = page.getByTestId("order-row").filter({ hasText: reference });
    await expect(row.getByTestId("payment-in-doubt")).toHaveText("Amount differs: needs attention");
    await row.getByRole("link", { name: /View details/ }).click();
    await expect(page.getByTestId("payment-in-doubt-text")).toContainText(
      "M-Pesa says KSh 1 was paid for this order of",
    );
    await expectAccessible(page, "order with a payment in doubt");
  });
});

test.describe("in Kiswahili", () => {
  /** An M-Pesa order placed from the Kiswahili cart (it remembers Kiswahili); at its prompt. */
  async function toPromptInKiswahili(page: Page, baseURL: string) {
    await page.goto(`/sw/product/${bag.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: sw.addToCart }).click();
    await expect(page.getByRole("link", { name: sw.cartButton(1) })).toBeVisible();
    const answer = await page.request.post("/api/checkout", {
      headers: { Referer: `${baseURL}/sw/cart` },
      data: {
        data: {
          items: [{ id: bag.id, quantity: 1 }],
          checkoutData: {
            name: "Amina Juma",
            phone: shopperPhone(),
            email: "amina@example.co.ke",
            deliveryMethod: "pickup",
          },
          total: bag.price,
          paymentMethod: "mpesa-express",
        },
      },
    });
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { redirectUrl: string } };
    await page.goto(data.redirectUrl);
    return (await page.getByText(/^Agizo [0-9A-F]{8}\./).textContent())!.slice(6, 14);
  }
  const swPhone = (page: Page) => page.getByRole("complementary", { name: sw.demoEnterPin });

  test("a failure left unpaid is told in Kiswahili, and its link offers to pay the same order again", async ({
    page,
    baseURL,
  }) => {
    const reference = await toPromptInKiswahili(page, baseURL!);
    await swPhone(page).getByRole("button", { name: sw.demoCancel }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.paymentFailedHeading, {
      timeout: 15_000,
    });
    await minutesPass(page, reference, 10);
    await logInAsOwner(page);
    const sms = messagesOf(page, reference).filter({ hasText: "SMS" });
    await expect(async () => {
      await openDashboard(page, "/admin/messages");
      await expect(sms.getByTestId("message-state")).toHaveText("Kept in the outbox", {
        timeout: 500,
      });
    }).toPass({ timeout: 20_000 });
    await expect(sms).toContainText(
      `Amani Prints: agizo ${reference} halikulipiwa na hakuna pesa iliyokatwa. Lilipie tena: `,
    );
    await expect(messagesOf(page, reference).filter({ hasText: "Email" })).toContainText(
      "unaweza kulilipia agizo hili hili tena",
    );
    await sms.getByRole("link").click();
    await expect(page.getByTestId("payment-fact")).toHaveText(sw.trackPaymentFacts.failed!);
    await expect(page.getByText(sw.trackFailedPayHere)).toBeVisible();
    await expect(page.getByRole("button", { name: sw.payThisOrderAgain })).toBeVisible();
    await expectAccessible(page, "a failed payment's page in Kiswahili");
  });

  test("a payment claimed for another amount reads 'tunakagua malipo yako'", async ({
    page,
    baseURL,
  }) => {
    await toPromptInKiswahili(page, baseURL!);
    await swPhone(page).getByText(sw.demoOtherOutcomes).click();
    await swPhone(page)
      .getByRole("button", { name: "Paid, but the callback claims KSh 1 (wrong amount)" })
      .click();
    await expect(page.getByRole("heading", { name: sw.checkingHeading })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId("payment-checking")).toHaveText(sw.checkingText("M-Pesa"));
    await expectAccessible(page, "a payment being checked, in Kiswahili");
    await page.getByRole("link", { name: sw.followYourOrder }).click();
    await expect(page.getByTestId("payment-fact")).toHaveText(sw.trackPaymentFacts.checking!);
  });
});
