import type { Locator, Page } from "@playwright/test";
import { CHECKOUT_MESSAGES } from "../../app/modules/checkout/checkout-form";
import { madeToOrder } from "./catalogue";
import {
  expect,
  expectAccessible,
  expectAccessibleWithoutJs,
  payOnPesapal,
  shopperPhone,
  test,
} from "./fixtures";

/** A piece without sizes, made to order: adding it never empties a shelf another spec counts. */
const piece = madeToOrder.find((p) => p.sizes.length === 0 && p.price < 2000)!;

/** Puts the piece in this browser's cart with the cart's own form, as a shopper's tap does. */
async function addPiece(page: Page) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const added = await page.request.post("/cart", {
    form: { intent: "add", productId: piece.id, quantity: "1", returnTo: "/cart" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
}

/** A control in error: marked invalid and described by exactly its message. */
async function expectInError(control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(message);
}

async function expectFine(control: Locator) {
  await expect(control).not.toHaveAttribute("aria-invalid");
  await expect(control).toHaveAccessibleDescription("");
}

/** Presses Tab until the element with this id has the focus, as a keyboard user gets there. */
async function tabTo(page: Page, id: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
  }
  throw new Error(`Tab never reached #${id}.`);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

const checkoutFields = (page: Page) => ({
  name: page.getByLabel("Full name"),
  phone: page.getByLabel(/^Phone\b/),
  email: page.getByRole("textbox", { name: "Email" }),
  address: page.getByLabel(/^Delivery address/),
});

/** Counts the checkout posts the page sends (a post answered 400 would mean the browser let it go). */
function countCheckoutPosts(page: Page) {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/cart")) {
      posts++;
    }
  });
  return () => posts;
}

test.describe("Checkout errors beside their fields", () => {
  test("all messages at once, each beside its field in the spec's order, before any post; each goes once its field is right", async ({
    page,
  }) => {
    await addPiece(page);
    await page.goto("/cart");
    const posts = countCheckoutPosts(page);
    const fields = checkoutFields(page);
    await page.getByLabel("Rider (boda boda)").check();
    await fields.phone.fill("0812345678");
    await fields.email.fill("wanjiru@");
    await payOnPesapal(page);

    await expectInError(fields.name, CHECKOUT_MESSAGES.name);
    await expectInError(fields.phone, CHECKOUT_MESSAGES.phone);
    await expectInError(fields.email, CHECKOUT_MESSAGES.email);
    await expectInError(fields.address, CHECKOUT_MESSAGES.address);
    // In the spec's order down the form, and the first field has the focus.
    await expect(page.getByRole("main").getByRole("alert")).toHaveText([
      CHECKOUT_MESSAGES.name,
      CHECKOUT_MESSAGES.phone,
      CHECKOUT_MESSAGES.email,
      CHECKOUT_MESSAGES.address,
    ]);
    await expect(fields.name).toBeFocused();
    expect(posts()).toBe(0);
    await expectAccessible(page, "checkout with each error beside its field");

    // Typing a name clears its message at once; the others wait for their own fields.
    await fields.name.fill("Wanjiru Kamau");
    await expectFine(fields.name);
    await expectInError(fields.phone, CHECKOUT_MESSAGES.phone);
    // A phone number still short keeps its message; the whole number clears it.
    await fields.phone.fill("07123");
    await expectInError(fields.phone, CHECKOUT_MESSAGES.phone);
    await fields.phone.fill("0712345678");
    await expectFine(fields.phone);
    await fields.email.fill("wanjiru@example.co.ke");
    await expectFine(fields.email);
    // Pickup needs no address: choosing it takes the address's message (and field) away.
    await page.getByRole("radio", { name: /^Pickup/ }).check();
    await expect(page.getByText(CHECKOUT_MESSAGES.address)).toHaveCount(0);
    await page.getByLabel("Rider (boda boda)").check();
    await expectFine(fields.address);
    await fields.address.fill("Argwings Kodhek Rd, Kilimani");
    expect(posts()).toBe(0);

    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
  });

  test("keyboard only: Enter in an invalid form puts the focus on the first invalid field", async ({
    page,
  }) => {
    await addPiece(page);
    await page.goto("/cart");
    await tabTo(page, "checkout-name");
    await page.keyboard.type("Wanjiru Kamau");
    await page.keyboard.press("Tab");
    await page.keyboard.type("0812");
    await page.keyboard.press("Tab");
    await page.keyboard.type("wanjiru@");
    await page.keyboard.press("Enter");
    // Not the email field Enter was pressed in, not the page: the phone, the first in error.
    await expect(checkoutFields(page).phone).toBeFocused();
    expect(await focusedId(page)).toBe("checkout-phone");
    await expectInError(checkoutFields(page).email, CHECKOUT_MESSAGES.email);
    await expectAccessible(page, "checkout after Enter in an invalid form");
  });

  test("a tap before the rules have arrived waits for them: still checked in the browser", async ({
    page,
  }) => {
    await addPiece(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/checkout-form-*.js", async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest("**/checkout-form-*.js");
    await page.goto("/cart");
    await asked;
    const posts = countCheckoutPosts(page);
    await payOnPesapal(page);
    release();
    await expectInError(checkoutFields(page).name, CHECKOUT_MESSAGES.name);
    await expect(checkoutFields(page).name).toBeFocused();
    expect(posts()).toBe(0);
  });
});

test.describe("Checkout errors without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test("the server's page puts each message beside its field, focuses the first and keeps what was typed", async ({
    page,
  }) => {
    await addPiece(page);
    await page.goto("/cart");
    const fields = checkoutFields(page);
    await fields.name.fill("Wanjiru Kamau");
    await fields.phone.fill("0812345678");
    await fields.email.fill("wanjiru@");
    // Enter in a field pays (the form's default button), as it does with JavaScript.
    await fields.email.press("Enter");

    await expectInError(fields.phone, CHECKOUT_MESSAGES.phone);
    await expectInError(fields.email, CHECKOUT_MESSAGES.email);
    await expectFine(fields.name);
    await expect(fields.name).toHaveValue("Wanjiru Kamau");
    await expect(fields.email).toHaveValue("wanjiru@");
    await expect(fields.phone).toBeFocused();
    await expectAccessibleWithoutJs(page, "checkout errors from the server");

    await fields.phone.fill(shopperPhone());
    await fields.email.fill("wanjiru@example.co.ke");
    await payOnPesapal(page);
    await expect(page).toHaveURL(/\/pesapal-sandbox\/pay\//);
  });
});

test.describe("Contact form errors", () => {
  test("each beside its field, the first focused, each gone once its field is right", async ({
    page,
  }) => {
    await page.goto("/contact");
    await page.getByLabel("Email").fill("otieno@");
    await page.getByRole("button", { name: "Send Message via WhatsApp" }).click();
    const name = page.getByLabel("Name");
    const email = page.getByLabel("Email");
    const subject = page.getByLabel("Subject");
    const message = page.getByRole("textbox", { name: "Message" });
    await expectInError(name, "Please enter your name");
    await expectInError(email, "Please enter a valid email address");
    await expectInError(subject, "Please choose a subject");
    await expectInError(message, "Please enter your message");
    await expect(name).toBeFocused();

    await name.fill("Otieno");
    await expectFine(name);
    await expectInError(email, "Please enter a valid email address");
    await subject.selectOption({ label: "Order Support" });
    await expectFine(subject);
    await message.fill("Where is my order?");
    await expectFine(message);
    await expectAccessible(page, "contact with one error left");
  });

  test("keyboard only: Enter in an invalid form puts the focus on the first invalid field", async ({
    page,
  }) => {
    await page.goto("/contact");
    await tabTo(page, "contact-name");
    await page.keyboard.type("Otieno");
    await page.keyboard.press("Tab");
    await page.keyboard.type("otieno@");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Email")).toBeFocused();
    expect(await focusedId(page)).toBe("contact-email");
    await expectInError(page.getByLabel("Subject"), "Please choose a subject");
  });
});

test.describe("Contact form errors without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test("the server's page puts each message beside its field and focuses the first", async ({
    page,
  }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("Otieno");
    await page.getByRole("button", { name: "Send Message via WhatsApp" }).click();
    await expectFine(page.getByLabel("Name"));
    await expectInError(page.getByLabel("Email"), "Please enter a valid email address");
    await expectInError(page.getByLabel("Subject"), "Please choose a subject");
    await expect(page.getByLabel("Email")).toBeFocused();
    await expectAccessibleWithoutJs(page, "contact errors from the server");
  });
});
