import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

type Fixtures = {
  /** Console errors a test expects (e.g. the 404 of a missing page); any other fails the test. */
  expectedConsoleErrors: RegExp[];
  consoleGuard: undefined;
};

export const test = base.extend<Fixtures>({
  expectedConsoleErrors: [[], { option: true }],
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

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;
