import * as sw from "../../app/i18n/sw";
import { madeToOrder } from "./catalogue";
import { expectNoEnglish } from "./english-left";
import { expect, expectAccessible, ksh, shopperPhone, test } from "./fixtures";

// The order pages in Kiswahili (issue 29): the lookup, an order's page, paying on the phone, the
// thank-you page and 'Tell me when it is back', each in the words of sw.ts and none of English's.

const bag = madeToOrder.find((p) => p.sizes.length === 0)!;

test.describe("The order pages in Kiswahili", () => {
  test.describe("refused and not found", () => {
    test.use({ expectedConsoleErrors: [/status of (400|404|409)/] });

    test("the lookup form asks in Kiswahili and says in Kiswahili that it found nothing", async ({
      page,
    }) => {
      await page.goto("/sw/orders");
      await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.navTrackOrder);
      await expect(page).toHaveTitle(sw.navTrackOrder);
      await expect(page.getByText(sw.trackIntro)).toBeVisible();
      await expectNoEnglish(page, "the lookup form");
      await expectAccessible(page, "the Kiswahili lookup form");

      await page.getByLabel(sw.orderReferenceLabel).fill("ABCDEF12");
      await page.getByLabel(sw.phoneNumberLabel).fill("0799000000");
      await page.getByRole("button", { name: sw.findMyOrder }).click();
      await expect(page.getByRole("alert")).toHaveText(sw.trackNotFound);
      await expect(page).toHaveURL(/\/sw\/orders$/);
      await expect(page.getByLabel(sw.phoneNumberLabel)).toHaveValue("0799000000");
      await expectNoEnglish(page, "the refused lookup");
      await expectAccessible(page, "the Kiswahili lookup refused");
    });

    test("an order's address that names no order is not found, in Kiswahili", async ({ page }) => {
      const token = `nOsUcHoRdEr${Date.now().toString(36)}`.padEnd(22, "x").slice(0, 22);
      const response = await page.goto(`/sw/orders/${token}`);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", "sw-KE");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.errorPages[404]!.title);
      await expect(page.getByText(sw.errorPages[404]!.text)).toBeVisible();
      await expectNoEnglish(page, "an unknown order");
      await expectAccessible(page, "an unknown order in Kiswahili");
    });

    test("'Tell me when it is back' asks in Kiswahili, and answers the server's refusals in it", async ({
      page,
    }) => {
      await page.goto(`/sw/product/${bag.id}/back-in-stock`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.tellMeWhenBack);
      await expect(page).toHaveTitle(`${sw.alertTitle(bag.name)} | Amani Prints`);
      await expect(page.getByText(sw.alertIntro)).toBeVisible();
      await expect(page.getByText(`${ksh(bag.price)} · ${sw.soldOut}`)).toBeVisible();
      await expect(page.getByRole("button", { name: sw.askOnWhatsapp })).toBeVisible();
      await expectNoEnglish(page, "the back-in-stock form");
      await expectAccessible(page, "the Kiswahili back-in-stock form");

      // A number that is not Kenyan: the server's rule, in Kiswahili, beside the field.
      await page.getByLabel(sw.alertPhone).fill("12345");
      await page.getByRole("button", { name: sw.tellMeWhenBack }).click();
      await expect(page.getByText(sw.enterKenyanPhone)).toBeVisible();
      await expect(page.getByLabel(sw.alertPhone)).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page, "the back-in-stock phone refused");

      // This piece is made to order, never sold out: the server says so.
      await page.getByLabel(sw.alertPhone).fill(shopperPhone());
      await page.getByRole("button", { name: sw.tellMeWhenBack }).click();
      await expect(page.getByRole("alert")).toHaveText(sw.alertInStockNow);
      await expectNoEnglish(page, "the back-in-stock answer");
      await expectAccessible(page, "the back-in-stock answer");
    });
  });

  test("an order placed from the Kiswahili cart is paid on the phone and followed in Kiswahili", async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/sw/product/${bag.id}`);
    await page.getByRole("button", { name: sw.addToCart }).click();
    await expect(page.getByRole("link", { name: sw.cartButton(1) })).toBeVisible();

    // The JSON checkout, sent from the Kiswahili cart: the order remembers Kiswahili.
    const phone = shopperPhone();
    const answer = await page.request.post("/api/checkout", {
      headers: { Referer: `${baseURL}/sw/cart` },
      data: {
        data: {
          items: [{ id: bag.id, quantity: 1 }],
          checkoutData: {
            name: "Amina Juma",
            phone,
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
    expect(new URL(data.redirectUrl).pathname).toMatch(/^\/sw\/pay\//);

    // Waiting for the PIN.
    await page.goto(data.redirectUrl);
    const readable = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    const waiting = sw.payWaitingWords["mpesa-express"]!;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(waiting.heading);
    await expect(page).toHaveTitle(sw.payTitle);
    await expect(page.getByRole("status")).toHaveText(
      sw.payAsking("Amani Prints", ksh(bag.price), readable),
    );
    const reference = (await page.getByText(/^Agizo [0-9A-F]{8}\./).textContent())!.slice(6, 14);
    await expect(page.getByText(sw.payMovesOn(reference))).toBeVisible();
    const demoPhone = page.getByRole("complementary", { name: sw.demoEnterPin });
    await expect(demoPhone).toContainText(sw.demoPayTo(ksh(bag.price), "Amani Prints"));
    await expectNoEnglish(page, "the waiting page");
    await expectAccessible(page, "the Kiswahili waiting page");

    // Cancelled on the phone: why, in Kiswahili, and the prompt sent again.
    await demoPhone.getByRole("button", { name: sw.demoCancel }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.paymentFailedHeading, {
      timeout: 15_000,
    });
    await expect(page.getByTestId("payment-failure")).toHaveText(sw.paymentFailures.cancelled!);
    await expect(page.getByText(sw.payNothingCharged(reference, ksh(bag.price)))).toBeVisible();
    await expectNoEnglish(page, "the failed payment");
    await expectAccessible(page, "the Kiswahili failed payment");
    await page.getByRole("button", { name: waiting.again }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(waiting.heading);
    await expect(page).toHaveURL(/\/sw\/pay\//);

    await demoPhone.getByLabel(sw.demoPinLabel).fill("1234");
    await demoPhone.getByRole("button", { name: sw.demoPay, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.successTitle, {
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/sw\/order-success\?attempt=/);
    await expect(page).toHaveTitle(sw.successTitle);
    await expect(page.getByText(sw.successText)).toBeVisible();
    await expect(page.getByText(sw.successNextPickup)).toBeVisible();
    await expect(page.getByRole("heading", { name: sw.orderNumber(reference) })).toBeVisible();
    await expect(page.getByTestId("order-delivery")).toHaveText(sw.free);
    await expect(page.getByRole("link", { name: sw.chatOnWhatsapp })).toHaveAttribute(
      "href",
      `https://wa.me/254712345678?text=${encodeURIComponent(sw.orderQuestion(reference))}`,
    );
    await expectNoEnglish(page, "the thank-you page");
    await expectAccessible(page, "the Kiswahili thank-you page");
    // Its English address leads back to it: the order's language, wherever the link is opened.
    const success = new URL(page.url());
    await page.goto(success.pathname.replace(/^\/sw/, "") + success.search);
    await expect(page).toHaveURL(/\/sw\/order-success\?attempt=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.successTitle);

    // Its own page, in Kiswahili: paid, packing now, where to collect it.
    await page.getByRole("link", { name: sw.followYourOrder }).click();
    await expect(page).toHaveURL(/\/sw\/orders\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.orderNumber(reference));
    await expect(page).toHaveTitle(sw.orderNumber(reference));
    await expect(page.getByTestId("payment-fact")).toHaveText(sw.trackPaymentFacts.paid!);
    await expect(page.getByTestId("fulfilment-step")).toHaveText(
      [
        `${sw.trackSteps.to_pack}${sw.trackStepSaid.now}`,
        `${sw.trackSteps.ready_for_pickup}${sw.trackStepSaid.next}`,
        `${sw.trackSteps.collected}${sw.trackStepSaid.next}`,
      ].map((start) => new RegExp(`^${start.replace(/[()]/g, "\\$&")}`)),
    );
    await expect(page.getByTestId("expected-day")).toHaveText(
      /^Litakuwa tayari kuchukuliwa (Jumatatu|Jumanne|Jumatano|Alhamisi|Ijumaa|Jumamosi|Jumapili) \d{1,2} \p{L}+\.$/u,
    );
    await expect(page.getByRole("heading", { name: sw.whereToCollect })).toBeVisible();
    await expect(page.getByText(sw.packingNow)).toBeVisible();
    await expect(page.getByText(/^Tarehe ya agizo: /)).toBeVisible();
    await expectNoEnglish(page, "the order's page");
    await expectAccessible(page, "the Kiswahili order's page");

    // Opened at its English address, it is still shown in the order's language.
    await page.goto(new URL(page.url()).pathname.replace(/^\/sw/, ""));
    await expect(page).toHaveURL(/\/sw\/orders\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sw.orderNumber(reference));
  });
});
