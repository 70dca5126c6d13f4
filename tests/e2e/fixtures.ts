import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  type Cookie,
  expect,
  type Page,
  type Request,
  type TestInfo,
} from "@playwright/test";
import sharp from "sharp";

export { backOfficeURL } from "../../playwright.config";

type Fixtures = {
  /** Console errors a test expects (e.g. the 404 of a missing page); any other fails the test. */
  expectedConsoleErrors: RegExp[];
  consoleGuard: undefined;
};

/** A private address of the test's own, the same on every run of that test. */
function addressOf(id: string) {
  const hash = createHash("sha256").update(id).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
}

/** What tells one run of a test from every other, in this run of the suite and the next. */
const runOf = (testInfo: TestInfo) =>
  `${testInfo.testId} ${testInfo.repeatEachIndex} ${testInfo.retry}`;

/**
 * A Safaricom number of the running test's own (`07` and eight digits; `which` tells a test's
 * shoppers apart), new in every run of the suite: checkouts are limited per phone number
 * (decision 42), so no test may use up another's, nor a run the one before it on the same
 * database. `intlPhone` gives it as the shop stores and shows it.
 */
export function shopperPhone(which = "") {
  const hash = createHash("sha256")
    .update(`${process.env.E2E_RUN} ${runOf(test.info())} ${which}`)
    .digest();
  return `07${String(hash.readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
}
export const intlPhone = (phone: string) => `254${phone.slice(1)}`;

export const test = base.extend<Fixtures>({
  expectedConsoleErrors: [[], { option: true }],
  // Every test is a shopper of its own: the suite's server trusts one proxy hop (TRUST_PROXY=1),
  // and this header is that proxy's word, so per-address limits (logins, checkouts) never make
  // one test pay for another's orders.
  context: async ({ context }, use, testInfo) => {
    await context.setExtraHTTPHeaders({
      "X-Forwarded-For": addressOf(runOf(testInfo)),
    });
    await use(context);
  },
  // page.goto also waits until the page is interactive, as a shopper's next tap would: a tap
  // that beats hydration takes the no-JavaScript path, which has tests of its own.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await hydrated(page);
        return response;
      };
    }
    await use(page);
  },
  consoleGuard: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" && !expectedConsoleErrors.some((re) => re.test(m.text()))) {
          errors.push(m.text());
        }
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(undefined);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Taps 'Load more' from the keyboard: the cards above it are laid out as they come near (and the
 * whole page at the first scroll), so a click aimed while they settle can land beside the link.
 */
export async function loadMore(page: Page) {
  await page.getByRole("link", { name: "Load more" }).press("Enter");
}

/**
 * Waits until the page's JavaScript has taken over (a page reached by a redirect or a click, which
 * page.goto does not wait for): timers a test drives with page.clock start only then.
 */
export async function hydrated(page: Page) {
  // A page of React Router's (its context script ran) hydrates; one without scripts never does.
  await page.waitForFunction(
    () =>
      !("__reactRouterContext" in window) || document.documentElement.dataset.hydrated === "true",
  );
}

/**
 * axe-core over the whole page in its current state: WCAG 2.1 A and AA, no violations. A toast
 * fading in is measured once its animation ends (mid-fade, its colours are not yet its own).
 */
export async function expectAccessible(page: Page, label = "page") {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
  // axe.run in the page itself: the builder's default finishes each check in a new blank page (a
  // renderer process of its own), for pages with frames of other origins, which the shop has
  // none of; that doubled each check's cost (docs/decisions/0068-browser-cpu.md). Only the
  // violations are gathered in full: they are all this asserts.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    // Before the tags: options() replaces what was set.
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * axe-core over a page drawn without JavaScript. axe waits on the page's own timers, which never
 * run where JavaScript is off, so the page's HTML (its scripts left out) is checked in a second
 * page of the same browser, at the same address and size.
 */
export async function expectAccessibleWithoutJs(page: Page, label = "page") {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  // The suite's options (JavaScript off among them) would apply to a new context by default.
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    serviceWorkers: "block",
  });
  try {
    const copy = await context.newPage();
    // Any page of the shop's own address, so the copy's stylesheet loads as the original's did.
    await copy.goto(new URL("/robots.txt", page.url()).href);
    await copy.setContent(html, { waitUntil: "load" });
    await expectAccessible(copy, label);
  } finally {
    await context.close();
  }
}

/** A price as the spec shows it: 'KSh' with thousands separators. */
export const ksh = (n: number) => `KSh ${n.toLocaleString("en-KE")}`;

/**
 * Picks a size on a product page the way a shopper does: by tapping its pill (the label of a
 * hidden radio). A product of one size offers no choice: the page names the size instead.
 */
export async function chooseSize(page: Page, size: string) {
  if ((await page.getByRole("radio").count()) === 0) {
    await expect(
      page.locator("#add-to-cart").getByText(`Size: ${size}`, { exact: true }),
    ).toBeVisible();
    return;
  }
  const radio = page.getByRole("radio", { name: size, exact: true });
  await page.locator("label").filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * The Shop's category list: one list, beside the grid on a laptop (open without a click), inside
 * the opened 'Filters' on a phone.
 */
export async function sidebarCategories(page: Page) {
  const filters = page.getByTestId("filters");
  if (isPhone(page) && (await filters.getAttribute("open")) === null) {
    await filters.locator("summary").first().click();
  }
  return filters.getByRole("navigation", { name: "Categories" });
}

/** The checkout's two ways to pay in demo mode. */
export const PAY_BY_PHONE = "M-Pesa: pay on your phone";
export const PAY_ON_PESAPAL = "Card or other mobile money (Pesapal)";

/**
 * Fills the cart page's checkout form as a shopper types it: name, phone and email (a Nairobi
 * shopper's, with the test's own phone number, unless given), and the delivery address when one
 * is given (matatu and rider ask for it). It pays on Pesapal's page unless `pay` says M-Pesa.
 */
export async function fillCheckout(
  page: Page,
  fields: Partial<Record<"name" | "phone" | "email" | "address", string>> = {},
  pay: "pesapal" | "mpesa" = "pesapal",
) {
  const values = {
    name: "Wanjiru Kamau",
    phone: shopperPhone(),
    email: "wanjiru@example.co.ke",
    ...fields,
  };
  await page.getByLabel("Full name").fill(values.name);
  await page.getByLabel(/^Phone\b/).fill(values.phone);
  await page.getByRole("textbox", { name: "Email" }).fill(values.email);
  if (values.address !== undefined) await page.getByLabel(/^Delivery address/).fill(values.address);
  await page.getByRole("radio", { name: pay === "mpesa" ? PAY_BY_PHONE : PAY_ON_PESAPAL }).check();
}

/** Pay on Pesapal's page: its choice, then the Pay button (whatever total it says). */
export async function payOnPesapal(page: Page) {
  await page.getByRole("radio", { name: PAY_ON_PESAPAL }).check();
  await page.getByRole("button", { name: /^Pay KSh/ }).click();
}

export const OWNER = { email: "owner@amaniprints.test", password: "kitenge-owner-2026" };

/** The owner's session cookies, by shop origin: each worker signs in once per shop. */
const ownerSessions = new Map<string, Cookie[]>();

/**
 * Opens the dashboard signed in as the owner. The first time in a worker (per shop), through the
 * login form as the owner does; after that with the session it gave, as a browser that stayed
 * signed in would. The login form keeps tests of its own (admin.spec.ts).
 */
export async function logInAsOwner(page: Page) {
  // The address the page's relative URLs reach (a spec may use the back office's shop).
  const origin = new URL((await page.request.get("/healthz/live")).url()).origin;
  const kept = ownerSessions.get(origin);
  if (kept) {
    await page.context().addCookies(kept);
    await openDashboard(page);
    return;
  }
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const cookies = await page.context().cookies(origin);
  ownerSessions.set(
    origin,
    cookies.filter((c) => c.name.includes("session")),
  );
}

/** Opens a dashboard URL (page.goto waits until it is interactive). */
export async function openDashboard(page: Page, url = "/admin") {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

/**
 * Holds the page's requests to `url` (those `which` picks) until `release()`: a state shown only
 * while a request is on its way ('Processing...', 'Updating...') can then be asserted at leisure,
 * however slow the machine, and the request goes on unchanged afterwards.
 */
export async function holdRequests(
  page: Page,
  url: RegExp,
  which: (request: Request) => boolean = () => true,
) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(url, async (route) => {
    if (!which(route.request())) return route.fallback();
    held++;
    await released;
    await route.fallback();
  });
  return {
    /** How many requests were held so far. */
    held: () => held,
    release,
  };
}

/** A real photo-sized image the browser uploads, in the given format and colour. */
export async function photo(name: string, format: "png" | "jpeg" | "webp", hue: number) {
  const buffer = await sharp({
    create: {
      width: 800,
      height: 1000,
      channels: 3,
      background: { r: hue, g: 90, b: 200 - hue / 2 },
    },
  })
    [format]()
    .toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/**
 * Adds a product through the back office's endpoint, with the signed-in page's session (as a
 * second admin in another tab would): specs change only products they added themselves. `stock`
 * gives pieces per size ('' for a product without sizes); a size left out is not counted.
 */
export async function addProduct(
  page: Page,
  origin: string,
  fields: {
    name: string;
    category: string;
    price: number;
    inStock?: boolean;
    isFeatured?: boolean;
    sizes?: string[];
    stock?: Record<string, number>;
  },
) {
  const form = new FormData();
  form.set("name", fields.name);
  form.set("originalPrice", "0");
  form.set("price", String(fields.price));
  form.set("category", fields.category);
  form.set("description", `${fields.name}, added by the browser suite.`);
  if (fields.inStock !== false) form.set("inStock", "on");
  if (fields.isFeatured) form.set("isFeatured", "on");
  for (const size of fields.sizes ?? []) form.append("sizes", size);
  for (const [size, pieces] of Object.entries(fields.stock ?? {})) {
    form.set(size ? `stock:${size}` : "stock", String(pieces));
  }
  const image = await photo("product.png", "png", 150);
  form.set(
    "images",
    new File([new Uint8Array(image.buffer)], image.name, { type: image.mimeType }),
  );
  const created = await page.request.post("/admin/products", {
    headers: { Accept: "application/json", Origin: origin },
    multipart: form,
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}
