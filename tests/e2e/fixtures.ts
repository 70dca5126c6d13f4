import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** Console errors a test expects (e.g. the 404 of a missing page); any other fails the test. */
  expectedConsoleErrors: RegExp[];
  consoleGuard: undefined;
};

export const test = base.extend<Fixtures>({
  expectedConsoleErrors: [[], { option: true }],
  // page.goto also waits until the page is interactive, as a shopper's next tap would: a tap
  // that beats hydration takes the no-JavaScript path, which has tests of its own.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.waitForFunction(
          () =>
            !document.querySelector("script[type=module]") ||
            document.documentElement.dataset.hydrated === "true",
        );
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

/** axe-core over the whole page in its current state: WCAG 2.1 A and AA, no violations. */
export async function expectAccessible(page: Page, label = "page") {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `accessibility violations on ${label}`).toEqual([]);
}

/** A price as the spec shows it: 'KSh' with thousands separators. */
export const ksh = (n: number) => `KSh ${n.toLocaleString("en-KE")}`;

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

export const OWNER = { email: "owner@amaniprints.test", password: "kitenge-owner-2026" };

/** Signs in through the login form, as the owner does. */
export async function logInAsOwner(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

/** Opens a dashboard URL (page.goto waits until it is interactive). */
export async function openDashboard(page: Page, url = "/admin") {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}
