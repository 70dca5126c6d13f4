import type { Browser, Page } from "@playwright/test";
import { authenticatorCode } from "../setup/authenticator";
import { madeToOrder } from "./catalogue";
import {
  backOfficeURL,
  expect,
  expectAccessible,
  fillCheckout,
  logInAsOwner,
  openDashboard,
  payOnPesapal,
  test,
} from "./fixtures";

// The back office's own shop: the accounts these specs add never reach the storefront specs.
test.use({ baseURL: backOfficeURL, viewport: { width: 390, height: 844 } });

/** A person of this run's own, so a repeated run never meets an account it made before. */
const person = (who: string) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { name: `${who} ${tag}`, email: `${who.toLowerCase()}-${tag}@amaniprints.test` };
};

/**
 * A new person added by the owner, with their password set through the link, on a phone of
 * their own (a browser context apart from the owner's). Answers that phone's page.
 */
async function newPerson(
  owner: Page,
  browser: Browser,
  who: ReturnType<typeof person>,
  password: string,
) {
  await owner.goto("/admin/accounts");
  await owner.getByLabel("Name").fill(who.name);
  await owner.getByLabel("Email").fill(who.email);
  await owner.getByRole("button", { name: "Add account" }).click();
  const link = await owner
    .getByTestId("account-link")
    .getByLabel("Link to set a password")
    .inputValue();
  const theirs = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await theirs.newPage();
  await phone.goto(new URL(new URL(link).pathname, backOfficeURL).href);
  await phone.getByLabel("New password").fill(password);
  await phone.getByLabel("The same password again").fill(password);
  await phone.getByRole("button", { name: "Set password" }).click();
  await expect(phone.getByText("Your password is set. Please log in.")).toBeVisible();
  return phone;
}

async function signIn(phone: Page, email: string, password: string) {
  await phone.getByLabel("Email").fill(email);
  await phone.getByLabel("Password").fill(password);
  await phone.getByRole("button", { name: "Login" }).click();
}

test.describe("a team runs the shop", () => {
  // The empty form's refusal.
  test.use({ expectedConsoleErrors: [/status of 400/] });
  test("the owner adds a staff member from a phone; they set a password through the link and see no money", async ({
    page,
    browser,
  }) => {
    const packer = person("Kamau");
    await logInAsOwner(page);
    await page.getByRole("link", { name: "Accounts" }).click();
    await expect(page.getByRole("heading", { name: "Accounts" })).toBeVisible();
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByText("Please enter the person's name.")).toBeVisible();
    await page.getByLabel("Name").fill(packer.name);
    await page.getByLabel("Email").fill(packer.email);
    await page.getByRole("radio", { name: "Staff" }).check();
    await page.getByRole("button", { name: "Add account" }).click();
    const shown = page.getByTestId("account-link");
    await expect(shown).toContainText(`Account for ${packer.email} added.`);
    const link = await shown.getByLabel("Link to set a password").inputValue();
    expect(link).toMatch(/\/login\/set-password\/[\w-]{32}$/);
    await expect(page.getByTestId("account-row").filter({ hasText: packer.email })).toContainText(
      "Staff · Waiting for a password",
    );
    await expectAccessible(page, "accounts page with a new link");

    // The staff member, on their own phone.
    const theirs = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await theirs.newPage();
    await phone.goto(new URL(new URL(link).pathname, backOfficeURL).href);
    await expect(phone.getByRole("heading", { name: "Set your password" })).toBeVisible();
    await expect(phone.getByText(packer.email)).toBeVisible();
    await expectAccessible(phone, "set-password page");
    await phone.getByLabel("New password").fill("kamau-packs-2026");
    await phone.getByLabel("The same password again").fill("kamau-packs-2062");
    await phone.getByRole("button", { name: "Set password" }).click();
    await expect(phone.getByText("The two passwords are not the same.")).toBeVisible();
    await phone.getByLabel("New password").fill("kamau-packs-2026");
    await phone.getByLabel("The same password again").fill("kamau-packs-2026");
    await phone.getByRole("button", { name: "Set password" }).click();
    await expect(phone).toHaveURL(/\/login\?password=set$/);
    await expect(phone.getByText("Your password is set. Please log in.")).toBeVisible();
    await phone.getByLabel("Email").fill(packer.email);
    await phone.getByLabel("Password").fill("kamau-packs-2026");
    await phone.getByRole("button", { name: "Login" }).click();
    await expect(phone).toHaveURL("/admin");
    await expect(phone.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(phone.getByTestId("stat-Total Products")).toBeVisible();
    await expect(phone.getByTestId("stat-Total Revenue")).toHaveCount(0);
    await expect(phone.getByRole("img", { name: /revenue/i })).toHaveCount(0);
    const tabs = phone.getByRole("navigation", { name: "Dashboard" });
    await expect(tabs.getByRole("link")).toHaveText([
      "Manage Products",
      "View Orders",
      "Messages",
      "Featured on Home",
    ]);
    await phone.getByRole("link", { name: "View Orders" }).click();
    await expect(phone.getByRole("button", { name: "Apply" })).toBeVisible();
    await expect(phone.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
    // Typed by hand, the owner's pages say no in a sentence.
    await phone.goto("/admin/accounts");
    await expect(phone.getByRole("heading", { name: "Not open to your account" })).toBeVisible();
    await expect(
      phone.getByText("Your account cannot do this. Please ask the shop's owner."),
    ).toBeVisible();
    await expectAccessible(phone, "refused page");
    const csv = await phone.request.get("/admin/orders.csv");
    expect(csv.status()).toBe(403);

    // The link worked once.
    await phone.goto(new URL(new URL(link).pathname, backOfficeURL).href);
    await expect(
      phone.getByText(
        "This link has expired or was already used. Please ask the shop's owner for a new one.",
      ),
    ).toBeVisible();

    // The owner disables the account: the staff member's next request finds the login.
    await page.goto("/admin/accounts");
    const row = page.getByTestId("account-row").filter({ hasText: packer.email });
    await expect(row).toContainText("Staff · Active");
    await row.getByRole("button", { name: `Disable ${packer.name}` }).click();
    await expect(
      page.getByText(`${packer.email} is disabled and signed out everywhere.`),
    ).toBeVisible();
    await phone.goto("/admin");
    await expect(phone).toHaveURL("/login");
    await theirs.close();
  });

  test("staff see a customer's phone and address only on an order being packed; the view is in the owner's activity", async ({
    page,
    browser,
  }, testInfo) => {
    const tag = `${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now().toString(36)}`;
    const digits = String(Date.now() % 1_000_000).padStart(6, "0");
    /** A shopper's order of the bag by matatu, paid on Pesapal's page or failed there. */
    const order = async (customer: string, phone: string, outcome: "Pay" | "Fail") => {
      const bag = madeToOrder.find((p) => p.sizes.length === 0)!;
      await page.goto(`/product/${bag.id}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText("Added to cart!")).toBeVisible();
      await page.goto("/cart");
      await page.getByLabel("Matatu parcel").check();
      await fillCheckout(page, {
        name: customer,
        phone,
        email: "wanjiru@example.co.ke",
        address: "Moi Avenue 5, Nakuru",
      });
      await payOnPesapal(page);
      if (outcome === "Pay") {
        await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
        await page.getByRole("button", { name: /^Pay KES/ }).click();
        await expect(
          page.getByRole("heading", { name: "Thank You For Your Order!" }),
        ).toBeVisible();
      } else {
        await page.getByRole("button", { name: "Fail the payment" }).click();
        await expect(page).toHaveURL(/order-success/);
      }
    };
    const paid = `Wanjiru Packed ${tag}`;
    const failed = `Wanjiru Failed ${tag}`;
    await order(paid, `0733${digits}`, "Pay");
    await order(failed, `0744${digits}`, "Fail");

    await logInAsOwner(page);
    const packer = person("Otieno");
    const phone = await newPerson(page, browser, packer, "otieno-packs-2026");
    await signIn(phone, packer.email, "otieno-packs-2026");
    await expect(phone).toHaveURL("/admin");

    // In the list every customer is masked.
    await phone.goto(`/admin/orders?${new URLSearchParams({ q: tag })}`);
    const failedRow = phone.getByTestId("order-row").filter({ hasText: failed });
    await expect(failedRow).toContainText(`07•• ••• ${digits.slice(-3)}`);
    await expect(failedRow).toContainText("w•••@example.co.ke");
    await expect(phone.getByTestId("order-row").filter({ hasText: paid })).not.toContainText(
      digits,
    );
    // A failed order: masked, and the page says why.
    await failedRow.getByRole("link", { name: /View details/ }).click();
    const details = phone.getByRole("region", { name: /^Order [0-9A-F]{8}$/ });
    await expect(details.getByTestId("details-hidden")).toHaveText(
      "The customer's phone, email and address are shown to staff only while the order is being packed and sent.",
    );
    await expect(details).toContainText(`07•• ••• ${digits.slice(-3)}`);
    await expect(details).not.toContainText("Moi Avenue");
    await expect(details.getByRole("link", { name: "The customer's tracking page" })).toHaveCount(
      0,
    );
    await expectAccessible(phone, "order page, customer details masked");

    // The paid order, to pack: in full, to call and to address the parcel.
    await phone.goto(`/admin/orders?${new URLSearchParams({ q: tag })}`);
    await phone
      .getByTestId("order-row")
      .filter({ hasText: paid })
      .getByRole("link", { name: /View details/ })
      .click();
    await expect(details).toContainText(`0733 ${digits.slice(0, 3)} ${digits.slice(3)}`);
    await expect(details).toContainText("Moi Avenue 5, Nakuru");
    await expect(details.getByTestId("details-hidden")).toHaveCount(0);
    const reference = (await details.getByRole("heading").first().textContent())!.replace(
      "Order ",
      "",
    );

    // The owner reads who looked.
    await openDashboard(page, "/admin/activity");
    await expect(
      page
        .getByTestId("activity-entry")
        .filter({ hasText: `Opened the customer details of order ${reference}` })
        .first(),
    ).toContainText(packer.name);
    await phone.context().close();
  });

  test("/admin/activity lists what the owner just did, filtered by kind", async ({ page }) => {
    const helper = person("Akinyi");
    await logInAsOwner(page);
    await page.goto("/admin/accounts");
    await page.getByLabel("Name").fill(helper.name);
    await page.getByLabel("Email").fill(helper.email);
    await page.getByRole("button", { name: "Add account" }).click();
    await expect(page.getByTestId("account-link")).toBeVisible();
    const row = page.getByTestId("account-row").filter({ hasText: helper.email });
    await row.getByLabel(`Role of ${helper.name}`).selectOption("Owner");
    await row.getByRole("button", { name: `Save role of ${helper.name}` }).click();
    await expect(page.getByText(`${helper.email} is now Owner.`)).toBeVisible();

    await openDashboard(page, "/admin/activity");
    await page.getByLabel("Kind").selectOption("Accounts");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/kind=account/);
    const entries = page.getByTestId("activity-entry");
    const mine = entries.filter({ hasText: helper.email });
    await expect(mine).toHaveCount(2);
    await expect(mine.first()).toContainText(`Changed the role of ${helper.email}`);
    await expect(mine.first()).toContainText("Role: Staff → Owner");
    await expect(mine.nth(1)).toContainText(`Added the account ${helper.email} (Staff)`);
    await expectAccessible(page, "activity page");
    await page.getByLabel("Kind").selectOption("Sign-ins");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(entries.first()).toContainText(/Signed in|Failed sign-in/);
  });

  test("an account turns on two-factor sign-in with an authenticator app, then signs in with its code or a recovery code", async ({
    page,
    browser,
  }) => {
    const who = person("Wambui");
    await logInAsOwner(page);
    const phone = await newPerson(page, browser, who, "wambui-secure-2026");
    await signIn(phone, who.email, "wambui-secure-2026");
    await expect(phone).toHaveURL("/admin");
    await phone.getByRole("link", { name: "Security" }).click();
    await expect(phone.getByRole("heading", { name: "Sign-in security" })).toBeVisible();
    await expectAccessible(phone, "security page");
    await phone.getByLabel("Your password").fill("wambui-secure-2026");
    await phone.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(
      phone.getByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeVisible();
    const key = (await phone.getByTestId("totp-key").textContent())!.replaceAll(" ", "");
    const uri = `otpauth://totp/shop:${who.email}?secret=${key}`;
    const recovery = await phone
      .getByTestId("recovery-codes")
      .getByRole("listitem")
      .allTextContents();
    expect(recovery.length).toBeGreaterThanOrEqual(8);
    await expectAccessible(phone, "authenticator setup");
    await phone.getByLabel("2. Type the 6-digit code the app shows").fill(authenticatorCode(uri));
    await phone.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(phone.getByText("Two-factor sign-in is on.")).toBeVisible();

    // Signed out, on this phone: the password, then the app's code.
    await phone.getByRole("button", { name: "Logout" }).click();
    await signIn(phone, who.email, "wambui-secure-2026");
    await expect(phone).toHaveURL("/login/code");
    await expect(phone.getByRole("heading", { name: "Enter your sign-in code" })).toBeVisible();
    await phone.getByLabel("6-digit code").fill("000000");
    await phone
      .getByLabel(/Trust this device/)
      .first()
      .uncheck();
    await phone.getByRole("button", { name: "Verify" }).click();
    await expect(
      phone.getByText("That code is not right. Please check your app and try again."),
    ).toBeVisible();
    await expectAccessible(phone, "sign-in code page with an error");
    await phone.getByLabel("6-digit code").fill(authenticatorCode(uri));
    await phone.getByRole("button", { name: "Verify" }).click();
    await expect(phone).toHaveURL("/admin");

    // The phone is lost: a recovery code, once.
    await phone.getByRole("button", { name: "Logout" }).click();
    await signIn(phone, who.email, "wambui-secure-2026");
    await phone.getByText("Lost your phone? Use a recovery code").click();
    await phone.getByLabel("Recovery code").fill(recovery[0]!);
    await phone.getByRole("button", { name: "Use recovery code" }).click();
    await expect(phone).toHaveURL("/admin");
    await phone.context().close();
  });
});
