import type { Page, TestInfo } from "@playwright/test";
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
  test,
} from "./fixtures";

// The back office's shop: its owner makes codes, and shoppers use them there.
test.use({ baseURL: backOfficeURL });

const bag = madeToOrder.find((p) => p.sizes.length === 0 && p.price < 3000)!;
const codeFor = (testInfo: TestInfo, name: string) =>
  `${name}${testInfo.project.name.slice(0, 1)}${testInfo.repeatEachIndex}${Date.now().toString(36)}`.toUpperCase();

/** The owner creates a code of 10% off orders of KSh 3,000 or more. */
async function createCode(page: Page, code: string) {
  await logInAsOwner(page);
  await openDashboard(page, "/admin/discounts");
  await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
  await page.getByLabel("A percentage off").check();
  await page.getByLabel("Percent off").fill("10");
  await page.getByLabel("Smallest order (KSh)").fill("3000");
  // What the per-customer limit can know, read with its field.
  await expect(page.getByLabel("Uses per customer (by phone)")).toHaveAccessibleDescription(
    "Counted by the order's phone and by the M-Pesa number that pays, so the same payer under another phone is refused. It cannot know one person using another phone and another M-Pesa number, or a card payer who gives another phone.",
  );
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("status")).toHaveText(`Code ${code} created.`);
  await expect(page.getByTestId("code-row").filter({ hasText: code })).toContainText("10% off");
}

async function addBag(page: Page) {
  await page.goto(`/product/${bag.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart!").first()).toBeVisible();
}

test.describe("Discount codes", () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("the owner makes a code; the cart applies it, says why when it cannot, and the order pays the discounted total", async ({
    page,
  }, testInfo) => {
    const code = codeFor(testInfo, "JAMHURI");
    await createCode(page, code);
    await expectAccessible(page, "discount codes");

    await addBag(page);
    await page.goto("/cart");
    const field = page.getByLabel("Discount code");
    await field.fill("NOSUCHCODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#discount-code-error")).toHaveText(
      "This code is not valid. Please check it and try again.",
    );
    await field.fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#discount-code-error")).toHaveText(
      "This code needs an order of KSh 3,000 or more.",
    );
    await expectAccessible(page, "cart with a refused code");

    // Enough in the cart now: it applies, as its own line, and the total follows.
    await page.getByRole("button", { name: /^One more/ }).click();
    await expect(page.getByTestId("cart-line").getByText("Quantity 2")).toBeAttached();
    if (bag.price * 2 < 3000) await page.getByRole("button", { name: /^One more/ }).click();
    const pieces = bag.price * 2 >= 3000 ? 2 : 3;
    const subtotal = bag.price * pieces;
    const off = Math.round(subtotal / 10);
    await field.fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(`Code ${code} applied: ${ksh(off)} off.`)).toBeVisible();
    await expect(page.getByTestId("discount")).toContainText(`Discount (${code})`);
    await expect(page.getByTestId("discount")).toContainText(`-${ksh(off)}`);
    await expect(page.getByTestId("order-total")).toHaveText(ksh(subtotal - off));
    await expectAccessible(page, "cart with a code");

    await fillCheckout(page, {
      name: "Achieng Discount",
      phone: `0733${String(Date.now() % 1_000_000).padStart(6, "0")}`,
      email: "achieng@example.co.ke",
    });
    await payOnPesapal(page);
    await expect(
      page.getByRole("heading", { name: `Pay KES ${(subtotal - off).toLocaleString("en-KE")}` }),
    ).toBeVisible();
    await page.getByRole("radio", { name: "M-Pesa", exact: true }).check();
    await page.getByRole("button", { name: /^Pay KES/ }).click();
    await expect(page.getByRole("heading", { name: "Thank You For Your Order!" })).toBeVisible();
    await expect(page.getByTestId("order-discount")).toHaveText(`Discount (${code})-${ksh(off)}`);

    await openDashboard(page, "/admin/discounts");
    await expect(
      page.getByTestId("code-row").filter({ hasText: code }).getByTestId("code-uses"),
    ).toHaveText("1 paid");
  });

  test("a code worth the whole order: the cart offers to place it with nothing to pay, and the order's page says it is paid", async ({
    page,
  }, testInfo) => {
    const code = codeFor(testInfo, "ZAWADI");
    await logInAsOwner(page);
    await openDashboard(page, "/admin/discounts");
    await page.getByRole("textbox", { name: "Code", exact: true }).fill(code);
    await page.getByLabel("Shillings off", { exact: true }).check();
    await page.getByLabel("Shillings off (KSh)").fill("100000");
    await page.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByRole("status")).toHaveText(`Code ${code} created.`);

    await addBag(page);
    await page.goto("/cart");
    await page.getByLabel("Discount code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("order-total")).toHaveText(ksh(0));
    await fillCheckout(page, { name: "Achieng Zawadi", email: "achieng@example.co.ke" });
    await page.getByRole("button", { name: "Place order (nothing to pay)" }).click();
    // No payment page: straight to the order's own page, paid and waiting to be packed.
    await expect(page).toHaveURL(/\/orders\/[\w-]{22,}$/);
    await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
    await expectAccessible(page, "order paid by its code");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await openDashboard(page, "/admin/orders");
    await expect(page.getByText("Achieng Zawadi").first()).toBeVisible();
  });

  test.describe(() => {
    // Seen once in a busy run and not since (ten repeats): a request the router aborted while the
    // quantity changes and the code followed one another. Its source is React Router's stream
    // decoder (its vendored turbo-stream `decode`): a single fetch aborted after its first line
    // rejects a promise nothing awaits. Every assertion below held; a page-wide handler would cost
    // the cart page its last bytes of the 120 KB budget, so the line is tolerated here only.
    test.use({ expectedConsoleErrors: [/^AbortError: signal is aborted without reason$/] });
    test("a code is removed from the cart with its own button", async ({ page }, testInfo) => {
      const code = codeFor(testInfo, "OFF");
      await createCode(page, code);
      await addBag(page);
      await page.goto("/cart");
      await page.getByRole("button", { name: /^One more/ }).click();
      await page.getByRole("button", { name: /^One more/ }).click();
      await expect(page.getByTestId("cart-line").getByText("Quantity 3")).toBeAttached();
      await page.getByLabel("Discount code").fill(code);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("discount")).toBeVisible();
      await page.getByRole("button", { name: `Remove code ${code}` }).click();
      await expect(page.getByTestId("discount")).toHaveCount(0);
      await expect(page.getByTestId("order-total")).toHaveText(ksh(bag.price * 3));
    });
  });
});

test.describe("Discount codes without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  test("Apply works as a plain form: the sentence, then the discount line", async ({
    page,
    browser,
  }, testInfo) => {
    const code = codeFor(testInfo, "PLAIN");
    const owner = await browser.newPage({ baseURL: backOfficeURL });
    await createCode(owner, code);
    await owner.close();

    await page.goto(`/product/${bag.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await page.getByLabel("Discount code").fill("WRONG");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "This code is not valid." }),
    ).toBeVisible();
    await expect(page.getByLabel("Discount code")).toHaveValue("WRONG");
    for (let i = 0; i < 2; i++) await page.getByRole("button", { name: /^One more/ }).click();
    await page.getByLabel("Discount code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("discount")).toContainText(`Discount (${code})`);
    await expectAccessibleWithoutJs(page, "cart with a code, no JavaScript");
  });
});
