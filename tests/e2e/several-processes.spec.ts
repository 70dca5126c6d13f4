import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pg from "pg";
import { createPesapalEmulator } from "../../app/modules/payments/sandbox/emulator.server";
import { startS3rver } from "../setup/storages";
import { tempDir } from "../setup/temp-dir";
import { expect, ksh, OWNER, test } from "./fixtures";
import { freePort, startServer as startProcess } from "./server-process";

/**
 * Two built server processes on one PostgreSQL and one S3-compatible bucket, as docs/deployment.md's
 * "Running several processes" describes. Pesapal is one emulator running in this test, standing in
 * for the one real Pesapal every process talks to (demo mode's emulator lives inside each process,
 * so its payments are not visible to the other: demo mode is for one process).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const KEY = "multi-process-key";
const SECRET = "multi-process-secret";
const PRICE = 2500;
const shopper = {
  name: "Wanjiru Kamau",
  phone: "0712345678",
  email: "wanjiru@example.co.ke",
  deliveryMethod: "pickup",
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each process of the pair, as production runs it; two starting at once take their time. */
const startServer = (env: Record<string, string>) =>
  startProcess({ LOG_LEVEL: "warn", ...env }, { readyWithinMs: 180_000 });

/**
 * One GET on a connection of its own. "unanswered": refused, or reset before any answer (a
 * connection still in the kernel's queue when the listener closed); "truncated": an answer that
 * broke off, which a graceful stop must never produce.
 */
function probe(url: string): Promise<"complete" | "unanswered" | "truncated"> {
  return new Promise((resolve) => {
    let answered = false;
    const request = http.get(url, { agent: false }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () =>
        resolve(
          res.statusCode === 200 && body.trimEnd().endsWith("</html>") ? "complete" : "truncated",
        ),
      );
      res.on("aborted", () => resolve("truncated"));
      res.on("error", () => resolve("truncated"));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return resolve("truncated");
      resolve(
        ["ECONNREFUSED", "ECONNRESET"].includes(error.code ?? "") ? "unanswered" : "truncated",
      );
    });
  });
}

test("two processes on one PostgreSQL share carts, sessions and orders, settle once, reconcile once and stop gracefully", async () => {
  test.skip(!databaseUrl && !process.env.CI, "needs TEST_DATABASE_URL");
  expect(databaseUrl, "CI must run the PostgreSQL cases: set TEST_DATABASE_URL.").toBeTruthy();
  test.setTimeout(600_000);

  const name = `shop_multi_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const shopUrl = new URL(databaseUrl!);
  shopUrl.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: shopUrl.toString() });

  // Pesapal: one emulator for both processes. Its order requests can be held for a while, to
  // have checkouts in flight when a process is told to stop.
  let submitted = 0;
  let holdMs = 0;
  const pesapal = express();
  pesapal.use("/api/Transactions/SubmitOrderRequest", async (_req, _res, next) => {
    submitted++;
    if (holdMs) await sleep(holdMs);
    next();
  });
  const emulatorServer = http.createServer(pesapal).listen(0, "127.0.0.1");
  await new Promise((r) => emulatorServer.once("listening", r));
  const emulatorUrl = `http://127.0.0.1:${(emulatorServer.address() as AddressInfo).port}`;
  pesapal.use(
    createPesapalEmulator({ publicBaseUrl: emulatorUrl, consumerKey: KEY, consumerSecret: SECRET })
      .router,
  );
  // The emulator's payment page of an order is /pay/{trackingId}/{token}; its controls sit below.
  const paymentPages = new Map<string, string>();
  const control = async (trackingId: string, action: string, body: object = {}) => {
    const response = await fetch(`${paymentPages.get(trackingId)}/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };

  const bucket = await startS3rver();
  const dataDir = tempDir("multi");
  const [portA, portB] = [await freePort(), await freePort()];
  const a = `http://localhost:${portA}`;
  const b = `http://localhost:${portB}`;
  const shared = {
    DATABASE_URL: shopUrl.toString(),
    // A proxy would be the public address; here the first process stands in for it.
    PUBLIC_URL: a,
    // With a database URL and a bucket, the data folder holds nothing.
    DATA_DIR: dataDir,
    S3_BUCKET: bucket.bucket,
    S3_ENDPOINT: bucket.endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    PESAPAL_CONSUMER_KEY: KEY,
    PESAPAL_CONSUMER_SECRET: SECRET,
    PESAPAL_BASE_URL: emulatorUrl,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_SAMPLE_CATALOGUE: "false",
    // Behind a proxy, as in production: each checkout below comes from a shopper of its own, so
    // the per-address checkout throttle (shared by both processes) lets the batch through.
    TRUST_PROXY: "1",
  };
  // Both start together on the empty database: one migrates and does the first-run work.
  const serverA = startServer({ ...shared, PORT: String(portA) });
  const serverB = startServer({ ...shared, PORT: String(portB) });

  try {
    await Promise.all([serverA.ready(), serverB.ready()]);
    await db.connect();
    expect((await db.query('select count(*)::int as n from "user"')).rows[0].n).toBe(1);
    await db.query(
      `insert into products (id, name, description, category, price) values ('9501', 'Kitenge Wrap Dress', 'A wrap dress in kitenge cotton.', 'dresses', $1)`,
      [PRICE],
    );
    // Images written by the first-run work are served by both processes from the bucket.
    for (const origin of [a, b]) {
      expect((await fetch(`${origin}/media/brand/band-v1.webp`)).status).toBe(200);
    }

    // A cart filled through one process is the cart on the other.
    const added = await fetch(`${a}/cart`, {
      method: "POST",
      headers: { Origin: a },
      body: new URLSearchParams({ intent: "add", productId: "9501", quantity: "1", via: "fetch" }),
    });
    expect(added.status).toBe(200);
    const cart = added.headers.get("set-cookie")!.split(";")[0]!;
    expect(await (await fetch(`${b}/cart`, { headers: { Cookie: cart } })).text()).toContain(
      "Kitenge Wrap Dress",
    );
    // So is an admin's session.
    const login = await fetch(`${a}/login`, {
      method: "POST",
      headers: { Origin: a },
      body: new URLSearchParams({ email: OWNER.email, password: OWNER.password }),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const session = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const dashboard = await fetch(`${b}/admin`, {
      headers: { Cookie: session },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Admin Dashboard");
    // A page kept by one process for visitors without cookies follows a change made through
    // the other (here, straight in the database) within a second.
    const productPage = () => fetch(`${b}/product/9501`).then((r) => r.text());
    await productPage();
    expect(await productPage()).toContain(ksh(PRICE));
    await db.query("update products set name = 'Kitenge Wrap Dress, Long' where id = '9501'");
    const changed = Date.now();
    await expect
      .poll(productPage, { timeout: 1000, intervals: [50] })
      .toContain("Kitenge Wrap Dress, Long");
    expect(Date.now() - changed).toBeLessThan(1000);
    await db.query("update products set name = 'Kitenge Wrap Dress' where id = '9501'");

    // And a cross-site post is refused by either.
    const foreign = await fetch(`${b}/cart`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "add", productId: "9501", quantity: "1" }),
    });
    expect(foreign.status).toBe(403);

    let shoppers = 0;
    const checkout = async (origin: string, who = shopper) => {
      const n = ++shoppers;
      const response = await fetch(`${origin}/api/checkout`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Forwarded-For": `10.0.${n >> 8}.${n & 255}`,
        },
        body: JSON.stringify({
          data: {
            items: [{ id: "9501", quantity: 1, size: null }],
            // A shopper of their own, phone number included: checkouts are limited per number.
            checkoutData: { ...who, phone: `07${String(n).padStart(8, "0")}` },
            total: PRICE,
          },
        }),
      });
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(200);
      const payment: string = body.data.redirectUrl;
      const trackingId = new URL(payment).pathname.split("/").at(-2)!;
      paymentPages.set(trackingId, payment);
      return trackingId;
    };

    // An order left pending 6 minutes ago, paid at Pesapal without a notification: only the
    // reconciliation can settle it. It runs once a minute, in one process.
    const forgotten = await checkout(a);
    await control(forgotten, "complete", { sendIpn: false });
    await db.query(
      "update orders set created_at = now() - interval '6 minutes', next_check_at = null where payment_reference = $1",
      [forgotten],
    );

    // 200 concurrent checkouts, half on each process: 200 orders, each with its own payment.
    const batch = { ...shopper, email: "batch@example.co.ke" };
    const tracked = await Promise.all(
      Array.from({ length: 200 }, (_, i) => checkout(i % 2 ? b : a, batch)),
    );
    expect(new Set(tracked).size).toBe(200);
    const placed = await db.query(
      "select count(*)::int as n, count(distinct payment_reference)::int as paid from orders where customer_email = $1",
      [batch.email],
    );
    expect(placed.rows[0]).toEqual({ n: 200, paid: 200 });

    // A notification to one process and the shopper's return on the other, at once: one
    // settlement.
    const tracking = tracked[0]!;
    await control(tracking, "complete", { sendIpn: false });
    const [ipn, success] = await Promise.all([
      fetch(`${a}/api/pesapal/ipn?OrderTrackingId=${tracking}&OrderNotificationType=IPNCHANGE`),
      fetch(`${b}/order-success?OrderTrackingId=${tracking}`),
    ]);
    expect(ipn.status).toBe(200);
    expect((await ipn.json()).status).toBe(200);
    expect(await success.text()).toContain("Thank You For Your Order!");
    const settled = await db.query(
      `select e.kind from order_events e join orders o on o.id = e.order_id
        where o.payment_reference = $1 order by e.id`,
      [tracking],
    );
    // Paid, the order goes on the packing list ('To pack') in the same settlement, once.
    expect(settled.rows.map((r) => r.kind)).toEqual([
      "created",
      "payment_requested",
      "payment_completed",
      "fulfilment_changed",
    ]);

    // The reconciliation: the forgotten order is settled by it, asked about once, and every run
    // of the job (one per minute, across both processes) ran once.
    await expect
      .poll(
        async () =>
          (await db.query("select status from orders where payment_reference = $1", [forgotten]))
            .rows[0].status,
        { timeout: 180_000, intervals: [2000] },
      )
      .toBe("Completed");
    const reconciled = await db.query(
      `select o.reconcile_attempts, e.details->>'source' as source from orders o
         join order_events e on e.order_id = o.id and e.kind = 'payment_completed'
        where o.payment_reference = $1`,
      [forgotten],
    );
    expect(reconciled.rows).toEqual([{ reconcile_attempts: 1, source: "reconciliation" }]);
    // pg-boss files each occurrence of the schedule in its minute's slot (a second process's
    // pass for the same minute is dropped) and forwards it as one job, which one worker runs.
    const slots = await db.query(
      `select count(*)::int as occurrences, count(distinct singleton_on)::int as minutes
         from pgboss.job where name = '__pgboss__send-it' and data->>'name' = 'reconcile-payments'`,
    );
    const runs = await db.query(
      `select count(*)::int as jobs, count(*) filter (where retry_count > 0)::int as repeated
         from pgboss.job where name = 'reconcile-payments'`,
    );
    expect(slots.rows[0].occurrences).toBe(slots.rows[0].minutes);
    expect(runs.rows[0].jobs).toBeGreaterThan(0);
    expect(runs.rows[0].jobs).toBeLessThanOrEqual(slots.rows[0].minutes);
    expect(runs.rows[0].repeated).toBe(0);

    // SIGTERM during load: checkouts in flight finish, page loads either complete or are never
    // taken, and the process exits cleanly within its 10 seconds.
    holdMs = 3000;
    const before = submitted;
    const inFlight = Promise.allSettled(
      Array.from({ length: 10 }, () =>
        checkout(b, { ...shopper, email: "inflight@example.co.ke" }),
      ),
    );
    let exited = false;
    const outcomes: string[] = [];
    const loaders = Array.from({ length: 4 }, async () => {
      while (!exited) outcomes.push(await probe(`${b}/`));
    });
    await expect.poll(() => submitted - before, { timeout: 60_000 }).toBe(10);
    const signalled = Date.now();
    serverB.child.kill("SIGTERM");
    const code = await serverB.exited;
    const stopMs = Date.now() - signalled;
    exited = true;
    await Promise.all(loaders);
    holdMs = 0;

    expect(code, serverB.output()).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    const answered = await inFlight;
    expect(answered.filter((r) => r.status === "rejected")).toEqual([]);
    const finished = await db.query(
      `select count(*)::int as n from orders o join order_events e on e.order_id = o.id
        where o.customer_email = 'inflight@example.co.ke' and e.kind = 'payment_requested'`,
    );
    expect(finished.rows[0].n).toBe(10);
    expect(outcomes).not.toContain("truncated");
    expect(outcomes).toContain("complete");
    // The other process carries on.
    expect((await fetch(`${a}/healthz`)).status).toBe(200);
  } finally {
    await test.info().attach("process A", { body: serverA.output() });
    await test.info().attach("process B", { body: serverB.output() });
    serverA.child.kill("SIGTERM");
    serverB.child.kill("SIGTERM");
    expect(await serverA.exited).toBe(0);
    await serverB.exited;
    await db.end().catch(() => {});
    emulatorServer.close();
    await bucket.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
});
