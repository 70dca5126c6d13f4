import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The browser suite drives Debian's Chromium against the built shop, started on its own data
// folder (never the developer's) with the test hooks on.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = path.resolve(".e2e-data");
const baseURL = `http://localhost:${E2E_PORT}`;

const chromium = {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers, the server and its image processing share two cores: a step that takes a
  // second on a laptop can take several here, and a wait is not a measurement.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: { baseURL, launchOptions: chromium, trace: "retain-on-failure" },
  projects: [
    {
      name: "phone",
      testIgnore: /operations\.spec/,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
      },
    },
    {
      name: "desktop",
      testIgnore: /operations\.spec/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    // Start-up and HTTP behaviour of the server process itself: no viewport involved.
    { name: "server", testMatch: /operations\.spec/ },
  ],
  webServer: {
    command: "npm run serve:test",
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    // For quick iteration against a server you started yourself (never in CI).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "true" && !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      TEST_HOOKS: "true",
      ADMIN_EMAIL: "owner@amaniprints.test",
      ADMIN_PASSWORD: "kitenge-owner-2026",
      LOG_LEVEL: "warn",
      SHOP_NAME: "Amani Prints",
      SHOP_WHATSAPP: "254712345678",
      SHOP_INSTAGRAM_URL: "https://www.instagram.com/amaniprints",
      SHOP_FACEBOOK_URL: "https://www.facebook.com/amaniprints",
      SHOP_TIKTOK_URL: "https://www.tiktok.com/@amaniprints",
    },
  },
});
