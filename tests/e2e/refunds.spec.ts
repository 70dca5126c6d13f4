import * as sw from "../../app/i18n/sw";
import { madeToOrder } from "./catalogue";
import {
  backOfficeURL,
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  fillCheckout,
  ksh,
  logInAsOwner,
  openDashboard,
  payOnPesapal,
  shopperPhone,
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
    // Pesapal refunds mobile money in full only: its own words come back, once confirmed.
    await form.getByLabel(new RegExp(`^${bag.name}`)).fill("1");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm the refund" });
    await expect(confirm.getByTestId("refund-confirm")).toContainText(
      "HowAsk Pesapal to refund the payment",
    );
    await confirm.getByRole("button", { name: "Send the refund" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(form.getByRole("alert")).toHaveText(
      "Pesapal refused the refund: Mobile money payments can only be refunded in full",
    );
    await expectAccessible(page, "refund refused");

    // Sent by M-Pesa by hand instead, and recorded with its reference.
    await form.getByLabel("I refunded it by hand (M-Pesa or bank)").check();
    await form.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2M");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.getByRole("button", { name: "Record the refund" }).click();
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
    // Measured opened again, past the toast's fading colours.
    await page.reload();
    await expect(details.getByTestId("refund-label")).toHaveText("Partly refunded");
    await expectAccessible(page, "order partly refunded");

    await page.goto(tracking);
    await expect(page.getByTestId("refunded")).toHaveText(`Partly refunded${ksh(bag.price)}`);
  });

  test("a refunded piece leaves the parcel: confirmed first, struck through on the slip, badged in the list and on the order, marked on the shopper's page @desktop", async ({
    page,
    browser,
  }, testInfo) => {
    // One order walked by the shopper, the owner, a packer and a browser without JavaScript.
    test.slow();
    const customer = `Achieng Slip ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;
    const phone = `0733${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    await page.goto(`/product/${bag.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!").first()).toBeVisible();
    await page.goto("/cart");
    await page.getByLabel("Matatu parcel").check();
    const total = page.getByTestId("order-total");
    const one = await total.textContent();
    await page.getByRole("button", { name: new RegExp(`^One more ${bag.name}`) }).click();
    await expect(total).not.toHaveText(one ?? "");
    await fillCheckout(page, { name: customer, phone, address: "Oginga Odinga Street 3, Kisumu" });
    await payOnPesapal(page);
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await page.getByRole("link", { name: "Follow your order" }).click();
    await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{22}$/);
    const tracking = page.url();

    await logInAsOwner(page);
    await openDashboard(page, "/admin/orders");
    const row = page.getByTestId("order-row").filter({ hasText: customer });
    await expect(row.getByTestId("fulfilment-badge")).toHaveText("To pack");
    await expect(row.getByTestId("refund-badge")).toHaveCount(0);
    await row.getByRole("link", { name: /View details/ }).click();
    const details = page.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    const totalText = await details
      .locator("dt", { hasText: /^Total$/ })
      .locator("xpath=following-sibling::dd")
      .textContent();
    const paid = Number(totalText?.replace(/\D/g, ""));

    // One of the two bags, back on the shelf, by hand: the owner reads it all before it goes.
    await details.getByText("Refund this order", { exact: true }).click();
    const form = details.getByRole("form", { name: "Refund this order" });
    await form.getByLabel(new RegExp(`^${bag.name}`)).fill("1");
    await form
      .getByRole("checkbox", { name: new RegExp(`^Back on the shelf.*${bag.name}`) })
      .check();
    await form.getByLabel("Reason").fill("Returned: a gift that came twice");
    await form.getByLabel("I refunded it by hand (M-Pesa or bank)").check();
    await form.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2N");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm the refund" });
    const readable = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    await expect(confirm.getByTestId("refund-confirm")).toHaveText(
      [
        `Amount${ksh(bag.price)}`,
        "HowRecord a refund you made by hand, reference QKT4R7PL2N",
        `Goes to${customer}, ${readable} (the order's phone number)`,
        `Pieces1 x ${bag.name}, back on the shelf`,
      ].join(""),
    );
    await expectAccessible(page, "the refund's confirmation");
    // 'Change it': nothing went out, the form keeps what was typed.
    await confirm.getByRole("button", { name: "Change it" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(details.getByTestId("refund-label")).toHaveCount(0);
    await expect(form.getByLabel("M-Pesa or bank reference")).toHaveValue("QKT4R7PL2N");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.getByRole("button", { name: "Record the refund" }).click();
    await expect(page.getByText(`Refunded ${ksh(bag.price)}`, { exact: true })).toBeVisible();

    // The order's page, opened again (as a packer would, and past the toast's fading colours):
    // the badge beside 'To pack', what not to pack, the net paid.
    await page.reload();
    await expect(details.getByTestId("fulfilment-badge")).toHaveText("To pack");
    await expect(details.getByTestId("refund-badge")).toHaveText("Partly refunded");
    await expect(details.getByTestId("packing-warning")).toHaveText(
      "Partly refunded: do not pack the struck-through pieces.",
    );
    await expect(details.getByTestId("line-refunded")).toHaveText("1 of 2 refunded: pack 1");
    await expect(details.getByTestId("net-paid")).toHaveText(`Net paid${ksh(paid - bag.price)}`);
    await expectAccessible(page, "an order partly refunded");

    // The list badges it too.
    await openDashboard(page, "/admin/orders");
    await expect(row.getByTestId("fulfilment-badge")).toHaveText("To pack");
    await expect(row.getByTestId("refund-badge")).toHaveText("Partly refunded");
    await expectAccessible(page, "the list with a partly refunded order");

    // The slip: one bag to send, the refunded one struck through, the net paid, the warning.
    await row.getByRole("link", { name: /View details/ }).click();
    const slipHref = await details.getByRole("link", { name: /Packing slip/ }).getAttribute("href");
    const orderPath = slipHref!.replace(/\/slip$/, "");
    await page.goto(slipHref!);
    await expect(page.getByTestId("slip-warning")).toHaveText(
      "Partly refunded: do not pack the struck-through pieces.",
    );
    await expect(page.getByTestId("slip-line")).toHaveText(`${bag.name}One size1`);
    const struck = page.getByTestId("slip-refunded");
    await expect(struck).toHaveText(`${bag.name} Refunded: do not packOne size1`);
    await expect(struck.locator("del")).toHaveText([bag.name, "One size", "1"]);
    await expect(page.getByRole("row", { name: /^Pieces/ })).toHaveText("Pieces1");
    await expect(page.getByTestId("slip-paid")).toHaveText(
      `Paid${ksh(paid)}Refunded-${ksh(bag.price)}Net paid${ksh(paid - bag.price)}`,
    );
    await expectAccessible(page, "the packing slip of a partly refunded order");

    // A packer (staff, who cannot refund) reads what stays out and the net paid, not the refunds.
    const tag = `${testInfo.repeatEachIndex}${Date.now().toString(36)}`;
    const packer = { name: `Otieno Packer ${tag}`, email: `packer-${tag}@amaniprints.test` };
    await page.goto("/admin/accounts");
    await page.getByLabel("Name").fill(packer.name);
    await page.getByLabel("Email").fill(packer.email);
    await page.getByRole("radio", { name: "Staff" }).check();
    await page.getByRole("button", { name: "Add account" }).click();
    const link = await page
      .getByTestId("account-link")
      .getByLabel("Link to set a password")
      .inputValue();
    const packing = await browser.newContext({
      viewport: page.viewportSize(),
      baseURL: backOfficeURL,
    });
    const staff = await packing.newPage();
    await staff.goto(new URL(link).pathname);
    await staff.getByLabel("New password").fill("otieno-packs-2026");
    await staff.getByLabel("The same password again").fill("otieno-packs-2026");
    await staff.getByRole("button", { name: "Set password" }).click();
    await staff.getByLabel("Email").fill(packer.email);
    await staff.getByLabel("Password").fill("otieno-packs-2026");
    await staff.getByRole("button", { name: "Login" }).click();
    await expect(staff).toHaveURL("/admin");
    await staff.goto(orderPath);
    const staffDetails = staff.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(staffDetails.getByTestId("refund-badge")).toHaveText("Partly refunded");
    await expect(staffDetails.getByTestId("packing-warning")).toHaveText(
      "Partly refunded: do not pack the struck-through pieces.",
    );
    await expect(staffDetails.getByTestId("line-refunded")).toHaveText("1 of 2 refunded: pack 1");
    await expect(staffDetails.getByTestId("net-paid")).toHaveText(
      `Net paid${ksh(paid - bag.price)}`,
    );
    await expect(staffDetails.getByText("Refund this order")).toHaveCount(0);
    await expect(staffDetails.getByRole("list", { name: "Refunds made" })).toHaveCount(0);
    await expectAccessible(staff, "a partly refunded order as staff see it");
    await staff.goto(slipHref!);
    await expect(staff.getByTestId("slip-refunded")).toContainText("Refunded: do not pack");
    await packing.close();

    // The shopper, on a phone: the line is marked refunded.
    const shopper = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const theirs = await shopper.newPage();
    await theirs.goto(tracking);
    await expect(theirs.getByTestId("line-refunded")).toHaveText("1 of 2 refunded");
    await expect(theirs.getByTestId("refunded")).toHaveText(`Partly refunded${ksh(bag.price)}`);
    await expectAccessible(theirs, "the shopper's page with a refunded line");
    await shopper.close();

    // Without JavaScript: the confirmation is the server's page, and the second post sends it.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: page.viewportSize(),
      baseURL: backOfficeURL,
    });
    await plain.addCookies(await page.context().cookies(backOfficeURL));
    const noJs = await plain.newPage();
    await noJs.goto(orderPath);
    const plainDetails = noJs.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await plainDetails.getByText("Refund this order", { exact: true }).click();
    const plainForm = plainDetails.getByRole("form", { name: "Refund this order" });
    await plainForm.getByLabel(new RegExp(`^${bag.name}`)).fill("1");
    await plainForm.getByLabel("Reason").fill("Returned: the second one too");
    await plainForm.getByLabel("I refunded it by hand (M-Pesa or bank)").check();
    await plainForm.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2P");
    await plainForm.getByRole("button", { name: "Refund", exact: true }).click();
    const plainConfirm = noJs.getByRole("dialog", { name: "Confirm the refund" });
    await expect(plainConfirm.getByTestId("refund-confirm")).toContainText(
      `Pieces1 x ${bag.name}, not back on the shelf`,
    );
    await expectAccessibleWithoutJs(noJs, "the refund's confirmation without JavaScript");
    await plainConfirm.getByRole("button", { name: "Record the refund" }).click();
    await expect(noJs.getByRole("list", { name: "Refunds made" })).toContainText(
      "by hand, reference QKT4R7PL2P",
    );
    // Every piece given back: nothing is sent, though the delivery fee is still paid.
    await expect(noJs.getByTestId("packing-warning")).toHaveText(
      "Refunded in full: do not send this order.",
    );
    await expectAccessibleWithoutJs(noJs, "an order with every piece refunded");
    // The delivery fee too, by amount: 'Refunded' in full.
    await plainDetails.getByText("Refund this order", { exact: true }).click();
    await plainForm.getByLabel(/^Amount/).fill(String(paid - 2 * bag.price));
    await plainForm.getByLabel("Reason").fill("The delivery fee of a parcel not sent");
    await plainForm.getByLabel("I refunded it by hand (M-Pesa or bank)").check();
    await plainForm.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2Q");
    await plainForm.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(plainConfirm.getByTestId("refund-confirm")).toContainText(
      "PiecesNone (an amount only)",
    );
    await plainConfirm.getByRole("button", { name: "Record the refund" }).click();
    await expect(noJs.getByTestId("refund-badge")).toHaveText("Refunded");
    await expect(noJs.getByTestId("net-paid")).toHaveText(`Net paid${ksh(0)}`);
    await plain.close();
  });

  test("paid from an M-Pesa prompt: the refund goes to the number that paid, and the shopper reads the refunded line in Kiswahili @desktop", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const customer = `Amina Juma ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;
    const shopper = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: backOfficeURL,
    });
    const theirs = await shopper.newPage();
    // Placed from the Kiswahili cart (the order keeps Kiswahili), two bags, paid on the phone.
    const phone = shopperPhone("kiswahili refund");
    const answer = await theirs.request.post("/api/checkout", {
      headers: { Referer: `${baseURL}/sw/cart` },
      data: {
        data: {
          items: [{ id: bag.id, quantity: 2 }],
          checkoutData: {
            name: customer,
            phone,
            email: "amina@example.co.ke",
            deliveryMethod: "pickup",
          },
          total: bag.price * 2,
          paymentMethod: "mpesa-express",
        },
      },
    });
    expect(answer.status()).toBe(200);
    const { data } = (await answer.json()) as { data: { redirectUrl: string } };
    await theirs.goto(data.redirectUrl);
    const demoPhone = theirs.getByRole("complementary", { name: sw.demoEnterPin });
    await demoPhone.getByLabel(sw.demoPinLabel).fill("1234");
    await demoPhone.getByRole("button", { name: sw.demoPay, exact: true }).click();
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText(sw.successTitle, {
      timeout: 15_000,
    });

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
    const confirm = page.getByRole("dialog", { name: "Confirm the refund" });
    // Money only first (a goodwill KSh 100): every piece is still packed.
    await form.getByLabel(/^Amount/).fill("100");
    await form.getByLabel("Reason").fill("Goodwill: the prompt came late");
    await form.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2R");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await confirm.getByRole("button", { name: "Record the refund" }).click();
    await expect(page.getByText("Refunded KSh 100", { exact: true })).toBeVisible();
    // Opened again, past the toast's fading colours.
    await page.reload();
    await expect(details.getByTestId("packing-warning")).toHaveText(
      "Partly refunded (money only): pack every piece.",
    );
    await expect(details.getByTestId("line-refunded")).toHaveCount(0);
    await expectAccessible(page, "an order refunded money only");
    // Then one of the two bags.
    await details.getByText("Refund this order", { exact: true }).click();
    await form.getByLabel(new RegExp(`^${bag.name}`)).fill("1");
    await form.getByLabel("Reason").fill("Returned: one was enough");
    await form.getByLabel("M-Pesa or bank reference").fill("QKT4R7PL2S");
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    const readable = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    await expect(confirm.getByTestId("refund-confirm")).toContainText(
      `Goes toThe M-Pesa number that paid, ${readable} (${customer})`,
    );
    await confirm.getByRole("button", { name: "Record the refund" }).click();
    await expect(details.getByTestId("refund-badge")).toHaveText("Partly refunded");

    // The shopper's own page, from the link the owner would share again.
    const tracking = await details
      .getByRole("link", { name: "The customer's tracking page" })
      .getAttribute("href");
    await theirs.goto(tracking!);
    await expect(theirs.locator("html")).toHaveAttribute("lang", "sw-KE");
    await expect(theirs.getByTestId("line-refunded")).toHaveText(sw.lineRefunded(1, 2));
    await expect(theirs.getByTestId("refunded")).toHaveText(
      `${sw.orderPartlyRefunded}${ksh(bag.price + 100)}`,
    );
    await expectAccessible(theirs, "the Kiswahili page with a refunded line");
    await shopper.close();
  });
});
