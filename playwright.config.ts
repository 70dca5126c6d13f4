import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The browser suite drives Debian's Chromium against the built shop, started on its own data
// folder (never the developer's) with the test hooks on. The back-office specs add, edit, hide
// and delete products while the storefront specs count them, so they get a second server with
// its own database (the next port, its own folder): neither can disturb the other.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// One id for this run of the suite, set where it starts and inherited by its workers (fixtures.ts
// makes each test's phone numbers from it).
process.env.E2E_RUN ??= Date.now().toString(36);
export const E2E_DATA_DIR = path.resolve(".e2e-data");
export const E2E_BACK_OFFICE_PORT = E2E_PORT + 1;
export const E2E_BACK_OFFICE_DATA_DIR = path.join(E2E_DATA_DIR, "back-office");
const baseURL = `http://localhost:${E2E_PORT}`;
export const backOfficeURL = `http://localhost:${E2E_BACK_OFFICE_PORT}`;

/** One built server for the suite: the test hooks on, the demo shop's settings. */
const testServer = (port: number, dataDir: string, command = "npm run serve:test") => {
  const url = `http://localhost:${port}`;
  return {
    command,
    url: `${url}/healthz`,
    timeout: 180_000,
    // For quick iteration against a server you started yourself (never in CI).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "true" && !process.env.CI,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      TEST_HOOKS: "true",
      // As behind one reverse proxy: each test names its own client address (fixtures.ts).
      TRUST_PROXY: "1",
      ADMIN_EMAIL: "owner@amaniprints.test",
      ADMIN_PASSWORD: "kitenge-owner-2026",
      LOG_LEVEL: "warn",
      SHOP_NAME: "Amani Prints",
      SHOP_WHATSAPP: "254712345678",
      SHOP_INSTAGRAM_URL: "https://www.instagram.com/amaniprints",
      SHOP_FACEBOOK_URL: "https://www.facebook.com/amaniprints",
      SHOP_TIKTOK_URL: "https://www.tiktok.com/@amaniprints",
    },
  };
};
/**
 * Specs run once (not per viewport): about the server processes themselves (start-up, several
 * processes, the first owner's link), and the HTML check, which reads the server's answers rather
 * than a drawn page.
 */
const SERVER_SPECS = /(operations|several-processes|first-owner|valid-html)\.spec/;
/** The back office's specs: run at laptop size; every other spec is a shopper's, at phone size. */
const BACK_OFFICE_SPECS = ["admin", "admin-products", "stock-admin"];

/**
 * Each browser test runs at one size, its spec's (phone for the shop, laptop for the back
 * office), unless its title carries a tag: `@both` for a test of layout (the shell, menus, the
 * drawer, cards, filters, tables) or of a page's accessibility at both sizes, `@phone` or
 * `@desktop` for a test of one size only (docs/decisions/0041-fast-feedback.md). Playwright
 * matches a project's grep against "<project> <file> <titles> <tags>".
 */
const otherSizesTests = (project: "phone" | "desktop") => {
  const other = project === "phone" ? "desktop" : "phone";
  const files = `(${BACK_OFFICE_SPECS.join("|")})\\.spec\\.ts`;
  // The other size's files: their tests run here only when tagged for it.
  const otherFiles = project === "phone" ? files : `(?!${files})[\\w-]+\\.spec\\.ts`;
  return [
    new RegExp(`@${other}\\b`),
    new RegExp(`^${project} ${otherFiles} (?!.*@(both|${project})\\b)`),
  ];
};

/**
 * Debian's Chromium, as its headless shell (package chromium-headless-shell): the same engine
 * without the full browser's user interface, which drives the suite with about a quarter less
 * CPU (docs/decisions/0041-fast-feedback.md). Lighthouse measures in the full browser
 * (`lighthouseChromium`), as a shopper's would be.
 */
export const chromium = {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
export const lighthouseChromium = {
  ...chromium,
  executablePath: process.env.LIGHTHOUSE_CHROMIUM ?? "/usr/bin/chromium",
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // A failed test runs once more, recording its trace (below); passing then still fails the run
  // (a flaky test is a bug), with the trace of the retry kept to read.
  retries: 1,
  failOnFlakyTests: true,
  // Two browsers, two servers and their image processing share two cores (with whatever else
  // runs there): a step that takes a second on a laptop can take ten here, and a wait is not a
  // measurement.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: "list",
  // The shop's service worker stands between a page and the network; only the spec about a
  // dropped connection lets it in (offline.spec.ts), so other specs see the network as it is.
  use: {
    baseURL,
    launchOptions: chromium,
    // Only the retry of a failed test records a trace (actions, DOM snapshots, network; no
    // screencast): recording every test's cost about a third of the suite's CPU, for traces that
    // were thrown away whenever the test passed (docs/decisions/0068-browser-cpu.md).
    trace: { mode: "on-first-retry", screenshots: false },
    serviceWorkers: "block",
  },
  projects: [
    // Start-up and HTTP behaviour of the server process itself: no viewport involved. Listed
    // first, so its long tests (each starts servers of its own) begin early and overlap the rest.
    { name: "server", testMatch: SERVER_SPECS },
    {
      name: "phone",
      testIgnore: SERVER_SPECS,
      grepInvert: otherSizesTests("phone"),
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
      },
    },
    {
      name: "desktop",
      testIgnore: SERVER_SPECS,
      grepInvert: otherSizesTests("desktop"),
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    testServer(E2E_PORT, E2E_DATA_DIR),
    // The back office's own shop (specs opt in with `test.use({ baseURL: backOfficeURL })`).
    // Servers start one after the other: it takes the first one's generated sample images
    // (never overwriting), so its first start seeds in seconds.
    testServer(
      E2E_BACK_OFFICE_PORT,
      E2E_BACK_OFFICE_DATA_DIR,
      `mkdir -p "${E2E_BACK_OFFICE_DATA_DIR}" && cp -R -n "${E2E_DATA_DIR}/media" "${E2E_BACK_OFFICE_DATA_DIR}/"; npm run serve:test`,
    ),
  ],
});
