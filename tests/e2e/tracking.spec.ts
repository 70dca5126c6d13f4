import type { Page } from "@playwright/test";
import { trackNotFound as NOT_FOUND } from "../../app/i18n/en";
import { expectedDays, formatDay } from "../../app/modules/orders/expected-day";
import { madeToOrder } from "./catalogue";
import {
  backOfficeURL,
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  fillCheckout,
  isPhone,
  logInAsOwner,
  openDashboard,
  payOnPesapal,
  test,
} from "./fixtures";

// The back office's shop: these orders are managed by its owner.
test.use({ baseURL: backOfficeURL });

const bag = madeToOrder.find((p) => p.sizes.length === 0)!;

/** A phone number of the test's own, so a lookup finds only its orders. */
const phoneFor = (seed: string) => {
  let n = 0;
  for (const c of seed) n = (n * 31 + c.charCodeAt(0)) % 10_000_000;
  return `0711${String(n).padStart(7, "0")}`.slice(0, 10);
};

/** Checks out one bag by matatu (or for pickup), up to the payment page. */
async function checkout(page: Page, customer: string, phone: string, matatu = true) {
  await page.goto(`/product/${bag.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!")).toBeVisible();
  await page.goto("/cart");
  if (matatu) await page.getByLabel("Matatu parcel").check();
  await fillCheckout(page, {
    name: customer,
    phone,
    email: "otieno@example.co.ke",
    address: matatu ? "Oginga Odinga St, Kisumu" : undefined,
  });
  await payOnPesapal(page);
  await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
}

test.describe("Following an order", () => {
  test("paid, the shopper follows it; the owner sends it with a note; the shopper sees the step", async ({
    page,
  }, testInfo) => {
    const customer = `Otieno Tracker ${testInfo.project.name} ${Date.now().toString(36)}`;
    await checkout(page, customer, phoneFor(customer));
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByTestId("order-delivery-to")).toHaveText(
      "Matatu parcel: Oginga Odinga St, Kisumu",
    );
    const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
      .replace("Order ", "")
      .trim();
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(encodeURIComponent(reference)),
    );

    await page.getByRole("link", { name: "Follow your order" }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
    const tracking = page.url();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${reference}`);
    await expect(page.getByTestId("payment-fact")).toHaveText("Paid");
    const steps = page.getByTestId("fulfilment-step");
    // Packing is under way, not done; the parcel's day is the one /delivery promises.
    await expect(steps).toHaveText([
      /To pack \(now\)We are packing your order\./,
      /Sent \(to come\)/,
      /Delivered \(to come\)/,
    ]);
    const { from, to } = expectedDays("matatu", new Date());
    await expect(page.getByTestId("expected-day")).toHaveText(
      `Expected at the sacco office between ${formatDay(from)} and ${formatDay(to)}.`,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectAccessible(page, "tracking page");

    // The confirmation went out (to the built-in outbox on a shop with no SMS provider).
    await logInAsOwner(page);
    await openDashboard(page, "/admin/messages");
    const confirmation = page
      .getByTestId("message")
      .filter({ hasText: `payment of` })
      .filter({ hasText: `order ${reference}` })
      .filter({ hasText: "SMS" });
    // The built-in outbox reached nobody: it says so rather than 'Sent'.
    await expect(confirmation.getByTestId("message-state")).toHaveText("Kept in the outbox", {
      timeout: 30_000,
    });
    await expectAccessible(page, "messages");
    await confirmation.getByRole("link").click();
    await expect(page).toHaveURL(tracking);

    await openDashboard(page, "/admin/orders");
    const row = page.getByTestId("order-row").filter({ hasText: customer });
    await row.getByRole("link", { name: /View details/ }).click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(details.getByTestId("fulfilment-state")).toHaveText("To pack");
    // Labels, not codes: the payment method as the owner says it, and the messages sent.
    await expect(details).toContainText("Payment methodM-Pesa");
    const sent = details.getByTestId("order-messages").getByRole("listitem");
    await expect(
      sent.filter({ hasText: "Payment confirmed" }).filter({ hasText: "SMS to the customer:" }),
    ).toContainText("Kept in the outbox");
    await expect(
      sent.filter({ hasText: "Payment confirmed" }).filter({ hasText: "Email to the customer:" }),
    ).toContainText("otieno@example.co.ke");
    await expect(sent.filter({ hasText: "New paid order" }).first()).toContainText("Email to you:");
    const slip = await details.getByRole("link", { name: /Packing slip/ }).getAttribute("href");
    await expect(details.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/254/,
    );
    await details.getByLabel("Next step").selectOption({ label: "Sent" });
    // The note field counts what one SMS still carries, as the SMS counts it; a longer note
    // still reaches the customer whole, in a second part.
    const noteField = details.getByLabel("Note for the customer (optional)");
    const room = details.getByTestId("note-room");
    const left = async () => Number((await room.textContent())!.split(" ")[0]);
    const empty = await left();
    expect(empty).toBeGreaterThan(40);
    await noteField.fill("2NK Sacco, arrives 4 pm");
    await expect.poll(left).toBe(empty - "2NK Sacco, arrives 4 pm".length);
    await noteField.fill("Kisumu stage, ask for Otieno ".repeat(6));
    await expect(room).toHaveText(
      "The SMS will go in two parts: the whole note reaches the customer.",
    );
    await noteField.fill("2NK Sacco, arrives 4 pm");
    await details.getByRole("button", { name: "Save step" }).click();
    await expect(details.getByTestId("fulfilment-state")).toContainText("Sent");
    // Checked while the step's toast is on screen, well before it fades (10 s): measured mid-fade
    // on a slow machine, its Undo's colours are not yet its own. The toast's code loads when it is
    // first needed, so it is waited for: its entrance then runs before axe looks.
    await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
    await expectAccessible(page, "order details with fulfilment");
    await expect(details.getByRole("list", { name: "Timeline" })).toContainText(
      "Fulfilment: Sent. Note: 2NK Sacco, arrives 4 pm",
    );

    await openDashboard(page, "/admin/messages");
    const onItsWay = page
      .getByTestId("message")
      .filter({ hasText: `order ${reference} is on its way` })
      .filter({ hasText: "SMS" });
    await expect(onItsWay).toContainText("2NK Sacco, arrives 4 pm");
    await expect(onItsWay.getByTestId("message-state")).toHaveText("Kept in the outbox", {
      timeout: 30_000,
    });

    await page.goto(tracking);
    await expect(steps).toHaveText([
      /To pack \(done\)/,
      /Sent \(done\).*2NK Sacco, arrives 4 pm/,
      /Delivered \(to come\)/,
    ]);

    // The packing slip the owner prints: A4, or an 80 mm receipt printer.
    await page.goto(slip!);
    await expect(page.getByTestId("slip-reference")).toHaveText(`Order ${reference}`);
    await expect(page.getByRole("table", { name: `Items in order ${reference}` })).toContainText(
      bag.name,
    );
    await expect(page.getByRole("main")).toContainText("Oginga Odinga St, Kisumu");
    await expect(page.getByRole("main")).toContainText("Matatu parcel");
    await expect(page.getByRole("main")).toContainText(`Paid: KSh`);
    await expectAccessible(page, "packing slip");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("link", { name: "Back to orders" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Receipt printer (80 mm)" }).click();
    await expect(page).toHaveURL(/paper=80mm$/);
    expect(await page.locator("main style").evaluate((el) => el.textContent)).toContain(
      "size: 80mm auto",
    );
    const width = await page.getByRole("main").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(310);
  });

  test.describe("a lookup that finds nothing", () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });

    test("says so in a sentence beside the form, keeping what was typed", async ({ page }) => {
      await page.goto("/");
      await page
        .getByRole("navigation", { name: "Help" })
        .getByRole("link", { name: "Track your order" })
        .click();
      await expect(page).toHaveURL("/orders");
      await expectAccessible(page, "track your order");
      await page.getByLabel("Order reference").fill("ABCDEF12");
      await page.getByLabel("Phone number").fill("0799000000");
      await page.getByRole("button", { name: "Find my order" }).click();
      await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
      await expect(page.getByLabel("Phone number")).toHaveValue("0799000000");
      await expectAccessible(page, "lookup refused");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of (404|409)/] });

    test("'Track your order' finds it by reference and phone; a wrong pair says so", async ({
      page,
    }, testInfo) => {
      const customer = `Achieng Lookup ${testInfo.project.name} ${Date.now().toString(36)}`;
      const phone = phoneFor(customer);
      await checkout(page, customer, phone, false);
      await page.getByRole("button", { name: "Leave pending" }).click();
      const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
        .replace("Order ", "")
        .trim();

      await page.goto("/orders");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Track your order");
      await page.getByLabel("Order reference").fill(reference);
      await page.getByLabel("Phone number").fill("0799000000");
      await page.getByRole("button", { name: "Find my order" }).click();
      await expect(page.getByRole("alert")).toHaveText(NOT_FOUND);
      await expect(page.getByLabel("Order reference")).toHaveValue(reference);

      await page.getByLabel("Phone number").fill(phone);
      await page.getByRole("button", { name: "Find my order" }).click();
      await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
      await expect(page.getByTestId("payment-fact")).toHaveText(
        "Waiting for your payment to be confirmed",
      );
      await expect(page.getByTestId("fulfilment-step")).toHaveCount(0);
    });

    test("an order opened from the list, marked Sent with a note and then Delivered, on its own page", async ({
      page,
    }, testInfo) => {
      const customer = `Njeri Noscript ${testInfo.project.name} ${Date.now().toString(36)}`;
      await checkout(page, customer, phoneFor(customer));
      await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
      await page.getByRole("button", { name: /^Pay KES/ }).click();
      await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();

      await logInAsOwner(page);
      await page.goto("/admin/orders?view=to_pack");
      await page
        .getByTestId("order-row")
        .filter({ hasText: customer })
        .getByRole("link", { name: /View details/ })
        .click();
      const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
      await expect(details.getByTestId("fulfilment-state")).toHaveText("To pack");
      await expect(details).toContainText(customer);
      await details.getByLabel("Note for the customer (optional)").fill("2NK Sacco, arrives 4 pm");
      await details.getByRole("button", { name: "Save step" }).click();
      await expect(details.getByTestId("fulfilment-state")).toContainText("Sent");
      await expect(details.getByTestId("fulfilment-state")).toContainText(
        "2NK Sacco, arrives 4 pm",
      );
      await details.getByLabel("Next step").selectOption({ label: "Delivered" });
      await details.getByRole("button", { name: "Save step" }).click();
      await expect(details.getByTestId("fulfilment-state")).toContainText("Delivered");
      await expect(details.getByRole("list", { name: "Timeline" })).toContainText(
        "Fulfilment: Delivered",
      );
      await expectAccessibleWithoutJs(page, "order page without JavaScript");
    });

    test("marking an unpaid order Shipped asks first, and saves only when the owner says yes", async ({
      page,
    }, testInfo) => {
      const customer = `Kamau Unpaid ${testInfo.project.name} ${Date.now().toString(36)}`;
      await checkout(page, customer, phoneFor(customer), false);
      await page.getByRole("button", { name: "Leave pending" }).click();

      await logInAsOwner(page);
      await page.goto("/admin/orders");
      const row = page.getByTestId("order-row").filter({ hasText: customer });
      await row.getByRole("combobox").selectOption("Shipped");
      await row.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "This order has no confirmed payment. Mark it Shipped anyway?",
      );
      await expect(row.getByRole("combobox")).toHaveValue("Pending");
      await page.getByRole("button", { name: "Yes, mark it Shipped" }).click();
      await page.goto("/admin/orders?status=Shipped");
      await expect(page.getByTestId("order-row").filter({ hasText: customer })).toHaveCount(1);
    });
  });
});

test.describe("The owner's day", () => {
  test("a step goes one at a time, says so in a toast with 'Undo' and a link; the order's badge names its step; on a phone the list comes first", async ({
    page,
  }, testInfo) => {
    const customer = `Wafula Packer ${testInfo.project.name} ${Date.now().toString(36)}`;
    await checkout(page, customer, phoneFor(customer));
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    const reference = (await page.getByRole("heading", { name: /^Order / }).textContent())!
      .replace("Order ", "")
      .trim();

    await logInAsOwner(page);
    await openDashboard(page, "/admin/orders?view=to_pack");
    const row = page.getByTestId("order-row").filter({ hasText: customer });
    await expect(row.getByTestId("fulfilment-badge")).toHaveText("To pack");
    if (isPhone(page)) {
      // The list before the figures: the first order is on the first screen.
      const first = await page.getByTestId("order-row").first().boundingBox();
      const figures = await page.getByTestId("stat-Total Revenue").boundingBox();
      expect(first!.y).toBeLessThan(figures!.y);
      expect(first!.y).toBeLessThan(844);
    }
    await row.getByRole("link", { name: /View details/ }).click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(details.getByTestId("fulfilment-badge")).toHaveText("To pack");
    await expect(details).toContainText(`Reference${reference}`);
    // One step at a time: from 'To pack' only 'Sent'.
    await expect(details.getByLabel("Next step").locator("option")).toHaveText(["Sent"]);
    await details.getByRole("button", { name: "Save step" }).click();

    // The toast says what happened and keeps the order in reach; the page shows the step.
    const orderPage = page.url();
    expect(orderPage).toMatch(/\/admin\/orders\/[0-9a-f-]{36}$/);
    const toast = page.getByRole("status").filter({ hasText: `Order ${reference}: Sent.` });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("link", { name: "Open order" })).toHaveAttribute(
      "href",
      new URL(orderPage).pathname,
    );
    await expect(details.getByTestId("fulfilment-badge")).toHaveText("Sent");
    await expectAccessible(page, "the toast after a step");
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Order ${reference}: back to To pack.` }),
    ).toBeVisible();
    await expect(details.getByTestId("fulfilment-badge")).toHaveText("To pack");
    // Its 'on its way' messages were withdrawn before they went.
    await openDashboard(page, "/admin/messages");
    await expect(page.getByTestId("message").first()).toBeVisible();
    await expect(
      page.getByTestId("message").filter({ hasText: `order ${reference} is on its way` }),
    ).toHaveCount(0);

    // Taken again from the list: it leaves 'To pack', and the toast's link opens it.
    await openDashboard(page, "/admin/orders?view=to_pack");
    await row.getByRole("link", { name: /View details/ }).click();
    await details.getByRole("button", { name: "Save step" }).click();
    await toast.getByRole("link", { name: "Open order" }).click();
    await expect(page).toHaveURL(orderPage);
    await expect(details.getByTestId("fulfilment-badge")).toHaveText("Sent");
    await openDashboard(page, "/admin/orders?view=to_pack");
    await expect(row).toHaveCount(0);
  });
});
