import { type ChildProcess, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../app/db/client.server";
import { orderEvents, orders } from "../../app/db/schema";
import { E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";
import { tempDir } from "../setup/temp-dir";
import { madeToOrder } from "./catalogue";
import { expect, OWNER, test } from "./fixtures";
import { startServer } from "./server-process";

// Start-up and operations, on the built server itself (no browser needed).
test.describe.configure({ mode: "serial" });

function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
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
  const dir = tempDir("restart");
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

test("an oversized form post is refused before it is read", async ({ request, baseURL }) => {
  const response = await request.post("/cart", {
    headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    data: `intent=add&notes=${"x".repeat(300 * 1024)}`,
  });
  expect(response.status()).toBe(413);
});

test("responses carry a request id and security headers; the health check answers", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    status: "ok",
    checks: { database: "ok", storage: "ok" },
  });
  const live = await request.get("/healthz/live");
  expect(await live.json()).toEqual({ status: "ok" });
  const page = await request.get("/");
  const headers = page.headers();
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  // Served over http here: no promise of https, and nothing says what runs the shop.
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["content-encoding"]).toMatch(/^(br|gzip)$/);

  // A proxy's request id follows the request through, cut to 64 characters.
  const traced = await request.get("/healthz", { headers: { "X-Request-Id": "edge-42" } });
  expect(traced.headers()["x-request-id"]).toBe("edge-42");
  const long = await request.get("/healthz", { headers: { "X-Request-Id": "r".repeat(500) } });
  expect(long.headers()["x-request-id"]).toBe("r".repeat(64));
});

test("scripts are served from the build's Brotli or gzip copy, as the browser accepts, and cached for a year", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const script = html.match(/href="(\/assets\/react-[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const original = fs.readFileSync(path.join("build/client", script as string));

  // Compared with the build's own copies: the bytes on the wire are the precompressed file's.
  for (const [accept, encoding, extension] of [
    ["gzip, deflate, br, zstd", "br", ".br"],
    ["gzip", "gzip", ".gz"],
  ] as const) {
    const answer = await fetch(`http://localhost:${E2E_PORT}${script}`, {
      headers: { "Accept-Encoding": accept },
    });
    expect(answer.headers.get("content-encoding")).toBe(encoding);
    expect(answer.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(answer.headers.get("cache-control")).toContain("immutable");
    expect(answer.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(answer.headers.get("content-length"))).toBe(
      fs.statSync(path.join("build/client", `${script}${extension}`)).size,
    );
    // fetch() decodes it: the script itself, unchanged.
    expect(Buffer.from(await answer.arrayBuffer()).equals(original)).toBe(true);
  }
  const plain = await fetch(`http://localhost:${E2E_PORT}${script}`, {
    headers: { "Accept-Encoding": "identity" },
  });
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(Buffer.from(await plain.arrayBuffer()).equals(original)).toBe(true);
});

test("/metrics does not exist unless METRICS_TOKEN is set", async ({ request }) => {
  expect((await request.get("/metrics")).status()).toBe(404);
});

/**
 * Posts `bytes` of form data in chunks (no Content-Length, as no browser would) and resolves with
 * the status as soon as the server answers, whether or not it read everything.
 */
function postChunked(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(url, {
      method: "POST",
      headers: {
        Origin: target.origin,
        "Content-Type": "application/x-www-form-urlencoded",
        "Transfer-Encoding": "chunked",
      },
    });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const write = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      if (!answered) request.end();
    };
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.on("data", (d) => (body += d));
      response.on("end", () => {
        resolve({ status: response.statusCode!, body });
        request.destroy();
      });
    });
    // The server closes the connection after refusing: writes still under way may fail then.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    write();
  });
}

const rssMb = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;

test.describe("a server of its own: request bodies, metrics and configured links", () => {
  // Clear of the suite's two servers (E2E_PORT and the next) and of the several-processes ports
  // (+11, +12); one port a worker, as repeated runs may start this block in both workers at once.
  let origin = "";
  const token = "metrics-token-for-the-suite";
  let dir = "";
  let server: ReturnType<typeof startServer>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = E2E_PORT + 20 + test.info().parallelIndex;
    origin = `http://localhost:${port}`;
    dir = tempDir("bodies");
    // The sample catalogue, with the suite's photos already drawn, for a product page to read.
    fs.cpSync(path.join(E2E_DATA_DIR, "media"), path.join(dir, "media"), { recursive: true });
    server = startServer({
      DATA_DIR: dir,
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      METRICS_TOKEN: token,
      SHOP_TIKTOK_URL: "",
      FREE_DELIVERY_OVER: "0",
    });
    await server.ready();
  });

  test.afterAll(async () => {
    kill(server.child, "SIGTERM");
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a chunked body over its limit is refused while it streams, and memory stays flat", async () => {
    test.setTimeout(120_000);
    const pid = server.child.pid!;
    // Warm up the paths involved, then measure.
    await postChunked(`${origin}/cart`, 1024 * 1024);
    const before = rssMb(pid);
    // 8 posts of 128 MB at once: 1 GB in all, if anything kept it.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postChunked(`${origin}/cart`, 128 * 1024 * 1024)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(413));
    expect(rssMb(pid) - before).toBeLessThan(100);

    // The JSON endpoints take a few KB, and answer in their own shape.
    const api = await postChunked(`${origin}/api/checkout`, 64 * 1024);
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "The request is too large." },
    });
  });

  test("a declared body over its limit gets 413 at once; a normal form still works", async () => {
    const declared = await fetch(`${origin}/contact`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(100 * 1024)}`,
    });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("This request is too large.");

    const form = await fetch(`${origin}/contact`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Wanjiru", email: "not-an-email", subject: "general" }),
      redirect: "manual",
    });
    // Read and answered by the page itself: the form comes back with its errors.
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Please enter a valid email address");
  });

  test("/metrics answers only with the token, with requests by route pattern", async () => {
    const scrape = async () => {
      const response = await fetch(`${origin}/metrics`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };
    const notFound = (text: string) =>
      Number(
        text.match(
          /shop_http_request_duration_seconds_count\{method="GET",route="\/product\/:id",status="404"\} (\d+)/,
        )?.[1] ?? 0,
      );
    const before = notFound(await scrape());
    await fetch(`${origin}/product/998`);
    await fetch(`${origin}/product/999`);
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${origin}/metrics`, {
      headers: { Authorization: "Bearer not-the-token-at-all" },
    });
    expect(wrong.status).toBe(401);
    const text = await scrape();
    // Two product pages that do not exist, counted under the route's pattern, not their paths.
    expect(notFound(text) - before).toBe(2);
    expect(text).toContain('route="/cart",status="413"');
    expect(text).not.toContain("/product/998");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("shop_orders_created_total 0");
  });

  test("FREE_DELIVERY_OVER=0 turns the free-delivery offer and its sentences off", async ({
    page,
  }) => {
    const product = madeToOrder.find((p) => p.sizes.length === 0)!;
    await page.goto(`${origin}/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(/Free shipping on orders over/)).toHaveCount(0);
    await page.goto(`${origin}/delivery`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("free-delivery-offer")).toHaveCount(0);
    // Over the usual threshold of KSh 5,000, the fee is still charged.
    await page.goto(`${origin}/product/${product.id}`);
    for (let n = 0; n * product.price < 5000; n++) {
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(
        page.getByRole("link", { name: `Cart, ${n + 1} ${n ? "items" : "item"}` }),
      ).toBeVisible();
    }
    await page.goto(`${origin}/cart`);
    await page.getByRole("radio", { name: /Rider/ }).check();
    await expect(page.getByTestId("delivery-fee")).toHaveText("KSh 300");
    await expect(page.getByText(/for free delivery/)).toHaveCount(0);
  });

  test("an empty SHOP_TIKTOK_URL hides that link; the others stay", async () => {
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain('aria-label="Instagram (opens in a new tab)"');
    expect(home).not.toContain("TikTok (opens in a new tab)");
    expect(home).not.toContain("tiktok.com");
  });
});

test("the benchmark's in-memory page copy does not exist unless BENCH_HOOKS is set", async ({
  request,
}) => {
  const response = await request.get("/__bench/static?page=/");
  expect(response.status()).toBe(404);
});

const unsized = madeToOrder.find((p) => p.sizes.length === 0)!;

test("a server killed in the middle of a checkout leaves a whole order, never half of one, and the retry resumes it", async () => {
  test.setTimeout(240_000);
  // A "Pesapal" that accepts connections and never answers: the checkout hangs right after the
  // order is written, while asking for the payment page.
  let asked!: () => void;
  const askedPesapal = new Promise<void>((resolve) => (asked = resolve));
  const blackHole = net.createServer(() => asked()).listen(0);
  const pesapalPort = (blackHole.address() as net.AddressInfo).port;
  const dir = tempDir("kill");
  fs.cpSync(path.join(E2E_DATA_DIR, "media"), path.join(dir, "media"), { recursive: true });
  const server = startServer({
    DATA_DIR: dir,
    PORT: "3197",
    PUBLIC_URL: "http://localhost:3197",
    PESAPAL_CONSUMER_KEY: "key",
    PESAPAL_CONSUMER_SECRET: "secret",
    PESAPAL_BASE_URL: `http://127.0.0.1:${pesapalPort}`,
  });
  await server.ready();
  const origin = { Origin: "http://localhost:3197" };
  const added = await fetch("http://localhost:3197/cart", {
    method: "POST",
    headers: origin,
    body: new URLSearchParams({
      intent: "add",
      productId: unsized.id,
      quantity: "1",
      via: "fetch",
    }),
  });
  const cookie = added.headers.get("set-cookie")!.split(";")[0]!;
  const submitCheckout = () =>
    fetch("http://localhost:3197/cart", {
      method: "POST",
      headers: { ...origin, Cookie: cookie },
      body: new URLSearchParams({
        intent: "checkout",
        name: "Wanjiru Kamau",
        phone: "0712345678",
        email: "wanjiru@example.co.ke",
        deliveryMethod: "pickup",
      }),
      redirect: "manual",
    });
  void submitCheckout().catch(() => {});
  await askedPesapal;
  kill(server.child, "SIGKILL");
  await server.exited;
  blackHole.close();

  const database = await openDatabase({ dataDir: dir });
  try {
    const placed = await database.db.select().from(orders);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      status: "Pending",
      paymentReference: null,
      customerPhone: "254712345678",
    });
    expect(placed[0]!.items).toHaveLength(1);
    const events = await database.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed[0]!.id))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => e.kind)).toEqual(["created"]);
    // A minute on, the unfinished payment request no longer holds the order.
    await database.db
      .update(orders)
      .set({ paymentRequestedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(orders.id, placed[0]!.id));
  } finally {
    await database.close();
  }

  // The shop is back (with its own Pesapal sandbox) and the shopper taps Pay again: the same
  // order goes to the payment page; no second order is made.
  const restarted = startServer({
    DATA_DIR: dir,
    PORT: "3197",
    PUBLIC_URL: "http://localhost:3197",
  });
  try {
    await restarted.ready();
    const retry = await submitCheckout();
    expect([302, 303]).toContain(retry.status);
    expect(retry.headers.get("location")).toMatch(/\/pesapal-sandbox\/pay\//);
  } finally {
    kill(restarted.child, "SIGTERM");
    await restarted.exited;
  }
  const after = await openDatabase({ dataDir: dir });
  try {
    const placed = await after.db.select().from(orders);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ status: "Pending", paymentAttempts: 2 });
    expect(placed[0]!.paymentReference).toBeTruthy();
    const events = await after.db
      .select({ kind: orderEvents.kind })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed[0]!.id))
      .orderBy(asc(orderEvents.id));
    expect(events.map((e) => e.kind)).toEqual(["created", "checkout_resumed", "payment_requested"]);
  } finally {
    await after.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Runs `work` against a server of its own on `port`, on a fresh data folder holding the suite's
 * generated images (so seeding is quick); stops the server and removes the folder after.
 */
async function withOwnServer(
  port: number,
  env: Record<string, string>,
  work: (origin: string) => Promise<void>,
) {
  const dir = tempDir("own");
  fs.cpSync(path.join(E2E_DATA_DIR, "media"), path.join(dir, "media"), { recursive: true });
  const origin = `http://localhost:${port}`;
  const server = startServer({ DATA_DIR: dir, PORT: String(port), PUBLIC_URL: origin, ...env });
  try {
    await server.ready();
    await work(origin);
  } finally {
    kill(server.child, "SIGTERM");
    await server.exited;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runSql(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test("the dashboard says 'Could not fetch data from the database.' when its queries fail", async ({
  browser,
}) => {
  // A table vanishing under a running server: only PostgreSQL lets another client do that.
  const databaseUrl = process.env.TEST_DATABASE_URL;
  test.skip(!databaseUrl, "needs TEST_DATABASE_URL");
  test.setTimeout(240_000);
  const name = `shop_e2e_${process.pid}_${Date.now().toString(36)}`;
  await runSql(databaseUrl!, `create database ${name}`);
  const shopUrl = new URL(databaseUrl!);
  shopUrl.pathname = `/${name}`;
  const env = {
    DATABASE_URL: shopUrl.toString(),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  };
  try {
    await withOwnServer(3196, env, async (baseURL) => {
      const page = await browser.newPage({ baseURL });
      await page.goto("/login");
      await page.getByLabel("Email").fill(OWNER.email);
      await page.getByLabel("Password").fill(OWNER.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByTestId("stat-Total Revenue")).toBeVisible();

      await runSql(shopUrl.toString(), "alter table orders rename to orders_elsewhere");
      await page.reload();
      await expect(page.getByRole("alert")).toHaveText("Could not fetch data from the database.");
      await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
      await page.close();
    });
  } finally {
    await runSql(databaseUrl!, `drop database if exists ${name} with (force)`);
  }
});

test("when Pesapal cannot be reached, checkout says 'Payment failed. Please try again or contact support.' and keeps the cart", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A port nothing listens on: every call to "Pesapal" is refused.
  const probe = net.createServer().listen(0);
  const refusedPort = (probe.address() as net.AddressInfo).port;
  probe.close();
  const env = {
    PESAPAL_CONSUMER_KEY: "key",
    PESAPAL_CONSUMER_SECRET: "secret",
    PESAPAL_BASE_URL: `http://127.0.0.1:${refusedPort}`,
  };
  await withOwnServer(3195, env, async (baseURL) => {
    const page = await browser.newPage({ baseURL });
    await page.goto(`/product/${unsized.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart!")).toBeVisible();
    await page.goto("/cart");
    await page.getByLabel("Full name").fill("Wanjiru Kamau");
    await page.getByLabel("Phone").fill("0712345678");
    await page.getByRole("textbox", { name: "Email" }).fill("wanjiru@example.co.ke");
    const pay = page.getByRole("button", { name: /^Pay KSh/ });
    await pay.click();
    await expect(page.getByRole("alert")).toHaveText(
      "Payment failed. Please try again or contact support.",
    );
    // The form is usable again and nothing was lost.
    await expect(pay).toBeEnabled();
    await expect(page.getByLabel("Full name")).toHaveValue("Wanjiru Kamau");
    await expect(page.getByRole("main").getByText(unsized.name)).toBeVisible();
    await page.close();
  });
});

test("a shop with no featured products says so on the home page", async ({ browser }) => {
  test.setTimeout(120_000);
  await withOwnServer(3194, { SEED_SAMPLE_CATALOGUE: "false" }, async (baseURL) => {
    const page = await browser.newPage({ baseURL });
    await page.goto("/");
    await expect(
      page.getByText("No featured products have been selected yet. Please check back soon!"),
    ).toBeVisible();
    await page.close();
  });
});
