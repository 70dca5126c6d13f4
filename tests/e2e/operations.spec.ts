import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_DATA_DIR } from "../../playwright.config";
import { expect, test } from "./fixtures";

// Start-up and operations, on the built server itself (no browser needed).
test.describe.configure({ mode: "serial" });

function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async ready() {
      await expect.poll(() => output, { timeout: 90_000 }).toMatch(/is open on/);
    },
  };
}

const kill = (child: ChildProcess, signal: NodeJS.Signals) => child.kill(signal);

test("bad configuration stops the server with one line naming the variable", () => {
  const port = runServer({ PORT: "abc" });
  expect(port.status).toBe(1);
  expect(port.stderr.trim()).toBe(
    'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").',
  );

  const url = runServer({ DATABASE_URL: "not-a-url" });
  expect(url.status).toBe(1);
  expect(url.stderr.trim()).toBe(
    'Invalid configuration: DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/shop (got "not-a-url").',
  );
});

test("a second process on the running shop's PGlite folder fails fast with a clear message", () => {
  const started = Date.now();
  const second = runServer({ DATA_DIR: E2E_DATA_DIR, PORT: "3198" });
  expect(second.status).toBe(1);
  expect(second.stderr.trim()).toMatch(
    /^The database in .* is in use by another process \(pid \d+\)\. Stop that process first, or set DATABASE_URL/,
  );
  expect(Date.now() - started).toBeLessThan(15_000);
});

test("a killed server's lock does not block the next start, and the catalogue is seeded only once", async () => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-restart-"));
  // Reuse the suite's generated sample images, so this data folder seeds in seconds.
  fs.cpSync(path.join(E2E_DATA_DIR, "media"), path.join(dir, "media"), { recursive: true });
  const env = { DATA_DIR: dir, PORT: "3199" };

  const first = startServer(env);
  await first.ready();
  expect(first.output()).toContain("sample catalogue added (first run)");
  kill(first.child, "SIGKILL");
  await first.exited;
  expect(fs.existsSync(path.join(dir, "db", "shop.lock"))).toBe(true);

  const second = startServer(env);
  await second.ready();
  expect(second.output()).not.toContain("sample catalogue added");
  const health = await fetch("http://localhost:3199/healthz");
  expect(health.status).toBe(200);
  const home = await (await fetch("http://localhost:3199/")).text();
  expect(home.match(/data-testid="product-card"/g)).toHaveLength(8);

  kill(second.child, "SIGTERM");
  expect(await second.exited).toBe(0);
  expect(fs.existsSync(path.join(dir, "db", "shop.lock"))).toBe(false);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a cross-site POST is refused; a same-origin one is not", async ({ request, baseURL }) => {
  const foreign = await request.post("/", { headers: { Origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toBe("This request came from another site and was refused.");
  const noOrigin = await request.post("/", { headers: { Origin: "" } });
  expect(noOrigin.status()).toBe(403);
  const same = await request.post("/", { headers: { Origin: baseURL! } });
  expect(same.status()).not.toBe(403);
});

test("responses carry a request id and security headers; the health check answers", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
  const page = await request.get("/");
  expect(page.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(page.headers()["x-content-type-options"]).toBe("nosniff");
  expect(page.headers()["x-frame-options"]).toBe("DENY");
  expect(page.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
});
