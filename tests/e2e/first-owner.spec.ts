import fs from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { tempDir } from "../setup/temp-dir";
import { expect, expectAccessible, expectAccessibleWithoutJs, test } from "./fixtures";
import { freePort, startServer } from "./server-process";

// A new shop, as a newcomer starts it: no owner configured, an empty data folder. The start
// prints a one-time link; the owner opens it, creates the account and signs in, with the shop
// still running.

const LINK =
  /No owner account yet\. Create it here \(the link works once, within 24 hours\):\n {2}(http:\/\/localhost:\d+\/login\/setup\/[\w-]{32})\n/;

test("the first start prints a one-time link that creates the owner, who then signs in", async ({
  browser,
}) => {
  // A first start seeds the catalogue and migrates PGlite: on a busy 2-core machine, minutes.
  test.setTimeout(480_000);
  const dir = tempDir("first-owner");
  // The suite's drawn sample images, so this data folder seeds in seconds.
  fs.cpSync(path.join(E2E_DATA_DIR, "media"), path.join(dir, "media"), { recursive: true });
  const port = await freePort();
  const env = { DATA_DIR: dir, PORT: String(port), ADMIN_EMAIL: "", ADMIN_PASSWORD: "" };
  const shop = startServer(env, { readyWithinMs: 240_000 });
  let running = shop;
  try {
    await shop.ready();
    await expect.poll(() => shop.output(), { timeout: 10_000 }).toMatch(LINK);
    const link = shop.output().match(LINK)![1]!;
    expect(link.startsWith(`http://localhost:${port}/login/setup/`)).toBe(true);

    // Without JavaScript, as on a phone where the scripts have not arrived.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Create the owner's account" })).toBeVisible();
    await expect(page.getByText("The shop has no owner yet.")).toBeVisible();
    await expectAccessibleWithoutJs(page, "the first owner's page");

    await page.getByLabel("Your name").fill("Amani Wanjiku");
    await page.getByLabel("Email").fill("amani@");
    await page.getByLabel(/^Password/).fill("short");
    await page.getByLabel("The same password again").fill("short");
    await page.getByRole("button", { name: "Create the account" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Please choose a password of 10 to 128 characters.")).toBeVisible();
    // What was typed stays, but never the password.
    await expect(page.getByLabel("Your name")).toHaveValue("Amani Wanjiku");
    await expect(page.getByLabel(/^Password/)).toHaveValue("");
    await expectAccessibleWithoutJs(page, "the first owner's page with errors");

    await page.getByLabel("Email").fill("amani@amaniprints.test");
    await page.getByLabel(/^Password/).fill("kanga-za-pwani-2026");
    await page.getByLabel("The same password again").fill("kanga-za-pwani-2026");
    await page.getByRole("button", { name: "Create the account" }).click();
    await expect(page).toHaveURL(`http://localhost:${port}/login?owner=created`, {
      timeout: 60_000,
    });
    await expect(page.getByRole("status")).toHaveText(
      "The owner's account is ready. Please log in.",
    );
    await noJs.close();

    // Signing in, with JavaScript, on the same running shop.
    const context = await browser.newContext();
    const owner = await context.newPage();
    await owner.goto(`http://localhost:${port}/login?owner=created`);
    await expect(owner.getByRole("status")).toHaveText(
      "The owner's account is ready. Please log in.",
    );
    await expectAccessible(owner, "the login after the owner was created");
    await owner.getByLabel("Email").fill("amani@amaniprints.test");
    await owner.getByLabel("Password").fill("kanga-za-pwani-2026");
    await owner.getByRole("button", { name: "Login" }).click();
    // Hashing the password to compare it is the slow part of signing in on a busy machine.
    await expect(owner).toHaveURL(`http://localhost:${port}/admin`, { timeout: 60_000 });
    await expect(owner.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    // The link is dead now.
    await owner.goto(link);
    await expect(owner.getByRole("alert")).toHaveText(
      "This link has expired or was already used. If the owner's account is made, log in; otherwise restart the shop, which prints a new link.",
    );
    await expect(owner.getByRole("button", { name: "Create the account" })).toHaveCount(0);
    await expectAccessible(owner, "a used first owner's link");
    await context.close();

    // The next start, with an owner, prints no link.
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
    const again = startServer(env, { readyWithinMs: 240_000 });
    running = again;
    await again.ready();
    expect(again.output()).toContain("is open on");
    expect(again.output()).not.toContain("No owner account yet");
  } finally {
    running.child.kill("SIGTERM");
    await running.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
