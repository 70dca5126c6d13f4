import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  metricsRegistry,
  observedFetch,
  observeHttpRequest,
  recordOrderCreated,
  recordReconciliationRun,
  recordSettlement,
} from "./metrics.server";

/** One sample of the registry's text output, e.g. `shop_orders_created_total`, or 0. */
async function sample(name: string, labels = ""): Promise<number> {
  const text = await metricsRegistry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(" ")[1]) : 0;
}

let server: http.Server;
let base = "";
beforeAll(async () => {
  // A stand-in provider API: one operation answers, the other fails.
  server = http.createServer((req, res) => {
    res.statusCode = req.url?.startsWith("/api/Transactions/GetTransactionStatus") ? 200 : 500;
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

test("a provider's calls are timed by operation; failures and unreachable APIs count as errors", async () => {
  const timed = observedFetch("pesapal", fetch);
  const status = `{provider="pesapal",operation="GetTransactionStatus",outcome="ok"}`;
  const submitErrors = `{provider="pesapal",operation="SubmitOrderRequest"}`;
  const before = await sample("shop_payment_provider_request_duration_seconds_count", status);
  const errorsBefore = await sample("shop_payment_provider_errors_total", submitErrors);

  expect((await timed(`${base}/api/Transactions/GetTransactionStatus?orderTrackingId=x`)).ok).toBe(
    true,
  );
  expect((await timed(`${base}/api/Transactions/SubmitOrderRequest`)).status).toBe(500);
  server.close();
  await expect(timed(`${base}/api/Transactions/SubmitOrderRequest`)).rejects.toThrow();

  expect(await sample("shop_payment_provider_request_duration_seconds_count", status)).toBe(
    before + 1,
  );
  expect(await sample("shop_payment_provider_errors_total", submitErrors)).toBe(errorsBefore + 2);
});

test("orders created and settled, and reconciliation runs, are counted", async () => {
  const created = await sample("shop_orders_created_total");
  const completed = `{outcome="Completed",source="ipn"}`;
  const settled = await sample("shop_orders_settled_total", completed);
  const runs = await sample("shop_reconciliation_runs_total");
  const checked = await sample("shop_reconciliation_orders_checked_total");

  recordOrderCreated();
  recordSettlement("Completed", "ipn");
  recordReconciliationRun(3);

  expect(await sample("shop_orders_created_total")).toBe(created + 1);
  expect(await sample("shop_orders_settled_total", completed)).toBe(settled + 1);
  expect(await sample("shop_reconciliation_runs_total")).toBe(runs + 1);
  expect(await sample("shop_reconciliation_orders_checked_total")).toBe(checked + 3);
  const lastRun = await sample("shop_reconciliation_last_run_timestamp_seconds");
  expect(Math.abs(lastRun - Date.now() / 1000)).toBeLessThan(60);
});

test("requests are labelled by route and status; a made-up method gets one label for all", async () => {
  observeHttpRequest("GET", "/product/:id", 200, 0.02);
  observeHttpRequest("BREW", "/product/:id", 405, 0.001);
  const text = await metricsRegistry.metrics();
  expect(text).toContain(
    'shop_http_request_duration_seconds_count{method="GET",route="/product/:id",status="200"} 1',
  );
  expect(text).toContain('method="other",route="/product/:id",status="405"');
  expect(text).not.toContain("BREW");
  // The process's own figures come along: event-loop lag, memory.
  expect(text).toContain("nodejs_eventloop_lag_seconds");
  expect(text).toContain("process_resident_memory_bytes");
});
