import { madeToOrder } from "./catalogue";
import {
  backOfficeURL,
  expect,
  expectAccessible,
  fillCheckout,
  ksh,
  logInAsOwner,
  openDashboard,
  payOnPesapal,
  test,
} from "./fixtures";

// The back office's shop: its owner refunds an order a shopper paid for, from a phone.
test.use({ baseURL: backOfficeURL });

const bag = madeToOrder.find((p) => p.sizes.length === 0)!;

test.describe("Refunds", () => {
  // A refused refund answers 400 with its sentence, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 400/] });
  test("the owner refunds part of a paid order from a phone: Pesapal's rule said, then by hand; the shopper sees it", async ({
    page,
  }, testInfo) => {
    const customer = `Wanjiru Refund ${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;
    await page.goto(`/product/${bag.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await page.goto("/cart");
    await page.getByLabel("Matatu parcel").check();
    await fillCheckout(page, {
      name: customer,
      phone: `0722${String(Date.now() % 1_000_000).padStart(6, "0")}`,
      email: "wanjiru@example.co.ke",
      address: "Moi Avenue 5, Nakuru",
    });
    await payOnPesapal(page);
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await page.getByRole("link", { name: "Follow your order" }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
    const tracking = page.url();

    await logInAsOwner(page);
    await openDashboard(page, "/admin/orders");
    await page
      .getByTestId("order-row")
      .filter({ hasText: customer })
      .getByRole("link", { name: /View details/ })
      .click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await details.getByText("Refund this order", { exact: true }).click();
    const form = details.getByRole("form", { name: "Refund this order" });
    // Nothing chosen: the owner is told what to give.
    await form.getByLabel("Reason").fill("Returned within 30 days: the colour was not as hoped");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Please choose the pieces to refund or enter an amount.",
    );
    // Pesapal refunds mobile money in full only: its own words come back.
    await form.getByLabel(new RegExp(`^${bag.name}`)).fill("1");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Pesapal refused the refund: Mobile money payments can only be refunded in full",
    );
    await expectAccessible(page, "refund refused");

    // Sent by M-Pesa by hand instead, and recorded with its reference.
    await form.getByLabel("I refunded it by hand (M-Pesa or bank)").check();
    await form.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2M");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByText(`Refunded ${ksh(bag.price)}`, { exact: true })).toBeVisible();
    await expect(details.getByTestId("refund-label")).toHaveText("Partly refunded");
    await expect(details.getByRole("list", { name: "Refunds made" })).toContainText(
      `${ksh(bag.price)} by hand, reference QKT4R7PL2M: Returned within 30 days`,
    );
    await expect(details.getByRole("list", { name: "Timeline" })).toContainText(
      `Pesapal refused the refund of ${ksh(bag.price)}`,
    );
    // The order's own history names who did each, in the owner's words.
    const history = page.getByRole("region", { name: "Changes in the back office" });
    await expect(history).toContainText(`The provider refused to refund ${ksh(bag.price)}`);
    await expect(history).toContainText(
      new RegExp(`Refunded ${ksh(bag.price)} of order [0-9A-F]{8} by hand`),
    );
    await expectAccessible(page, "order partly refunded");

    await page.goto(tracking);
    await expect(page.getByTestId("refunded")).toHaveText(`Partly refunded${ksh(bag.price)}`);
  });
});
