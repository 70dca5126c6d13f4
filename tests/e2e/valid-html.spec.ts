import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as en from "../../app/i18n/en";
import * as sw from "../../app/i18n/sw";
import { tempDir } from "../setup/temp-dir";
import { catalogue, madeToOrder, seededSoldOut } from "./catalogue";
import {
  chooseSize,
  expect,
  fillCheckout,
  logInAsOwner,
  payOnPesapal,
  shopperPhone,
  test,
} from "./fixtures";

// Every page the shop answers, in both languages, as the server sent it (the HTML before any
// script ran), through the W3C's Nu checker: storefront pages, a product with a size chosen, the
// cart with a piece and its flash message, forms the server sent back with errors, an order's
// pages, the payment pages, the back office. The checker starts once, for all of them: a Java
// virtual machine costs a few CPU-seconds to start and warm up.

const bag = madeToOrder.find((p) => p.sizes.length === 0)!;
const dress = madeToOrder.find((p) => p.sizes.length > 1)!;
const soldOut = catalogue.find((p) => p.inStock && seededSoldOut(p))!;

/** The storefront pages a shopper opens without doing anything first, by their English path. */
const STOREFRONT = [
  "/",
  "/shop",
  `/shop?category=${dress.category}&sort=price-asc`,
  "/shop?q=zzzznothing",
  `/product/${dress.id}`,
  `/product/${bag.id}`,
  `/product/${soldOut.id}`,
  `/product/${soldOut.id}/back-in-stock`,
  "/about",
  "/contact",
  "/delivery",
  "/returns",
  "/menu",
  "/cart",
  "/orders",
  "/no-such-page",
  "/__test/error",
];
const inKiswahili = (url: string) => (url === "/" ? "/sw" : `/sw${url}`);

/**
 * Node closes a kept-alive connection after 5 idle seconds: a request sent on it in that instant
 * is reset, and is sent again on a new one, as a browser does by itself.
 */
const AGAIN_IF_RESET = { maxRetries: 1 };

/** A page's HTML as the server answered it, under a name that says which page and state. */
type Answer = { name: string; status: number; html: string };

/** The checker's jar, as the vnu-jar package ships it. */
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/**
 * Nu over every answer at once: its errors (warnings are advice), each as 'page line:column
 * message', in the order of the pages.
 */
function nuErrors(answers: Answer[]) {
  const dir = tempDir("valid-html");
  const files = answers.map((answer, i) => {
    const file = path.join(dir, `${String(i).padStart(3, "0")}.html`);
    fs.writeFileSync(file, answer.html);
    return file;
  });
  const run = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], {
    encoding: "utf8",
    timeout: 120_000,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    throw new Error("The HTML check needs Java: on Debian, apt-get install default-jre-headless.");
  }
  if (run.error) throw run.error;
  // The report goes to standard error; the exit code only says whether there were errors.
  const report = JSON.parse(run.stderr) as {
    messages: {
      type: string;
      subType?: string;
      url?: string;
      lastLine?: number;
      firstColumn?: number;
      message: string;
      extract?: string;
    }[];
  };
  return report.messages
    .filter((m) => m.type === "error" || m.subType === "fatal" || m.type === "non-document-error")
    .map((m) => {
      const page = answers[Number(path.basename(m.url ?? "", ".html"))]?.name ?? m.url;
      return `${page} ${m.lastLine ?? "?"}:${m.firstColumn ?? "?"} ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`;
    });
}

test.use({ expectedConsoleErrors: [/status of (400|404|409|500)/] });
// A shopper without JavaScript: every answer here is a whole page from the server.
test.use({ javaScriptEnabled: false });

test("every page of the shop, in English and Kiswahili, is valid HTML", async ({ page }) => {
  test.setTimeout(300_000);
  const answers: Answer[] = [];
  const keep = async (name: string, status: number, html: string, shows: string) => {
    // The page it is meant to be: a checker can pass a page that is not the one intended.
    expect(html, `${name} shows ${shows}`).toContain(shows);
    answers.push({ name, status, html });
  };
  const get = async (name: string, url: string, shows: string) => {
    const response = await page.request.get(url, AGAIN_IF_RESET);
    await keep(`${name} (${url})`, response.status(), await response.text(), shows);
  };
  /** A page that changes by itself (a payment answered later), once it shows what it should. */
  const settled = async (name: string, url: string, shows: string) => {
    let last = { status: 0, html: "" };
    await expect
      .poll(
        async () => {
          const response = await page.request.get(url, AGAIN_IF_RESET);
          last = { status: response.status(), html: await response.text() };
          return last.html.includes(shows);
        },
        { message: `${name} shows ${shows}`, timeout: 30_000 },
      )
      .toBe(true);
    await keep(`${name} (${url})`, last.status, last.html, shows);
  };
  /** The order's page, as the thank-you page just kept links to it. */
  const orderPage = async (language: string) => {
    const order = /href="([^"]*\/orders\/[A-Za-z0-9_-]{22})"/.exec(answers.at(-1)!.html)?.[1];
    expect(order, "the thank-you page links to the order's page").toBeTruthy();
    await get(`${language} order's page`, order!, 'data-testid="fulfilment-step"');
  };
  /** The page the browser lands on after `act` (a form sent, a link followed). */
  const landing = async (name: string, act: () => Promise<unknown>, shows: string) => {
    const answer = page.waitForResponse(
      (r) =>
        r.request().isNavigationRequest() &&
        r.frame() === page.mainFrame() &&
        (r.status() < 300 || r.status() >= 400),
    );
    await act();
    const response = await answer;
    await keep(
      `${name} (${new URL(response.url()).pathname})`,
      response.status(),
      await response.text(),
      shows,
    );
  };

  await test.step("the storefront's pages, as anyone opens them", async () => {
    for (const url of STOREFRONT) {
      await get("English", url, '<html lang="en');
      await get("Kiswahili", inKiswahili(url), '<html lang="sw');
    }
    await get("offline page", "/offline", "<html");
  });

  await test.step("a piece added without JavaScript: its flash message, then the cart", async () => {
    await page.goto(`/product/${dress.id}`);
    await chooseSize(page, dress.sizes[0]!);
    await landing(
      "product with its flash message",
      () => page.getByRole("button", { name: "Add to Cart" }).click(),
      "Added to cart!",
    );
    await page.goto(`/sw/product/${bag.id}`);
    await landing(
      "Kiswahili product with its flash message",
      () => page.getByRole("button", { name: sw.addToCart }).click(),
      sw.addedToCart,
    );
    await get("cart with pieces", "/cart", dress.name);
    await get("Kiswahili cart with pieces", "/sw/cart", dress.name);
  });

  await test.step("forms the server sent back with what is missing", async () => {
    // Rider chosen: the address is asked for by the server (the browser cannot know it is needed).
    for (const [language, prefix] of [
      ["English", ""],
      ["Kiswahili", "/sw"],
    ] as const) {
      await page.goto(`${prefix}/cart`);
      await page.locator('input[name="name"]').fill("Wanjiru Kamau");
      await page.locator('input[name="phone"]').fill(shopperPhone("refused"));
      await page.locator('input[name="email"]').fill("wanjiru@example.co.ke");
      await page.locator('input[name="deliveryMethod"][value="rider"]').check();
      await page.locator('input[name="paymentProvider"][value="pesapal"]').check();
      await landing(
        `${language} checkout without its address`,
        () => page.locator('button[name="total"][data-for-method="rider"]').click(),
        'aria-invalid="true"',
      );

      await page.goto(`${prefix}/orders`);
      await page.locator('input[name="reference"]').fill("ABCDEF12");
      await page.locator('input[name="phone"]').fill("0799000000");
      await landing(
        `${language} order lookup that found nothing`,
        () => page.locator('main form button[type="submit"]').click(),
        'role="alert"',
      );

      await page.goto(`${prefix}/product/${bag.id}/back-in-stock`);
      await page.locator('input[name="phone"]').fill(shopperPhone("alert"));
      await landing(
        `${language} back-in-stock for a piece in stock`,
        () => page.locator('button[name="intent"][value="alert"]').click(),
        'role="alert"',
      );
    }
  });

  await test.step("an order paid on Pesapal's page: confirming, thank-you, the order's page", async () => {
    await page.goto("/cart");
    await fillCheckout(page, { phone: shopperPhone("pesapal") });
    await landing("Pesapal's payment page", () => payOnPesapal(page), "Pay KES");
    const pesapal = page.url();
    await landing(
      "payment being confirmed",
      () => page.getByRole("button", { name: "Leave pending" }).click(),
      // Without JavaScript it looks again by itself, from the head.
      '<noscript><meta http-equiv="refresh"',
    );
    const thanks = new URL(page.url());
    await page.request.post(`${pesapal}/complete`, {
      data: { method: "mpesa" },
      headers: { Origin: new URL(pesapal).origin },
    });
    await settled(
      "thank-you page",
      `${thanks.pathname}${thanks.search}`,
      "Thank You For Your Order!",
    );
    await orderPage("English");
  });

  // An order's pages speak the language it was placed in: one order in each.
  for (const [language, prefix, words] of [
    ["English", "", en],
    ["Kiswahili", "/sw", sw],
  ] as const) {
    await test.step(`an order paid on the phone, in ${language}: waiting, cancelled, paid`, async () => {
      await page.goto(`${prefix}/product/${bag.id}`);
      await page.getByRole("button", { name: words.addToCart }).click();
      await page.goto(`${prefix}/cart`);
      await page.locator('input[name="name"]').fill("Amina Juma");
      await page.locator('input[name="phone"]').fill(shopperPhone(`mpesa ${language}`));
      await page.locator('input[name="email"]').fill("amina@example.co.ke");
      await page.locator('input[name="deliveryMethod"][value="pickup"]').check();
      await page.locator('input[name="paymentProvider"][value="mpesa-express"]').check();
      const waiting = words.payWaitingWords["mpesa-express"]!.heading;
      await landing(
        `${language} waiting for the M-Pesa PIN`,
        () => page.locator('button[name="total"][data-for-method="pickup"]').click(),
        waiting,
      );
      const pay = new URL(page.url()).pathname;
      await get(
        `${language} thank-you page while the phone is asked`,
        `${prefix}/order-success?attempt=${pay.split("/").at(-1)}`,
        words.confirmingHeading,
      );
      const phone = page.getByRole("complementary", { name: words.demoEnterPin });
      // The provider answers a moment after the phone: without JavaScript the page refreshes
      // itself until then, as these requests do.
      await phone.getByRole("button", { name: words.demoCancel }).click();
      await settled(`${language} payment cancelled on the phone`, pay, words.paymentFailedHeading);
      await page.goto(pay);
      await landing(
        `${language} prompt sent again`,
        () =>
          page.getByRole("button", { name: words.payWaitingWords["mpesa-express"]!.again }).click(),
        waiting,
      );
      await phone.getByLabel(words.demoPinLabel).fill("1234");
      await phone.getByRole("button", { name: words.demoPay, exact: true }).click();
      await settled(`${language} thank-you page after M-Pesa`, pay, words.successTitle);
      await orderPage(language);
    });
  }

  await test.step("the back office", async () => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("owner@amaniprints.test");
    await page.getByLabel("Password").fill("not-the-password");
    await landing(
      "login refused",
      () => page.getByRole("button", { name: "Login" }).click(),
      'role="alert"',
    );
    await get("login", "/login", "Login");
    await get("a spent password link", "/login/set-password/aaaaaaaaaaaaaaaaaaaaaa", "<html");
    await logInAsOwner(page);
    const orders = await (await page.request.get("/admin/orders", AGAIN_IF_RESET)).text();
    const orderId = /href="\/admin\/orders\/([^"/?]+)"/.exec(orders)?.[1];
    expect(orderId, "an order in the list").toBeTruthy();
    for (const url of [
      "/admin",
      `/admin?edit=${dress.id}`,
      `/admin?delete=${dress.id}`,
      `/admin?history=${dress.id}`,
      "/admin?stock=low",
      "/admin/orders",
      `/admin/orders/${orderId}`,
      `/admin/orders/${orderId}/slip`,
      "/admin/messages",
      "/admin/featured",
      "/admin/discounts",
      "/admin/accounts",
      "/admin/activity",
      "/admin/security",
    ]) {
      await get("back office", url, "<html");
    }
  });

  // Refusals are pages too (400, 404, 410); a failure only where the suite asks for one.
  const failures = answers.filter((a) => a.status >= 500 && !a.name.includes("/__test/error"));
  expect(failures.map((a) => `${a.name}: ${a.status}`)).toEqual([]);
  expect(nuErrors(answers), "Nu's errors").toEqual([]);
});
