import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What an operator watches, in Prometheus's format at /metrics (when METRICS_TOKEN is set). The
 * domain records through the functions below; every label has a small, fixed set of values.
 */
export const metricsRegistry = new Registry();
// Process figures: memory, CPU, event-loop lag, open handles, garbage collection.
collectDefaultMetrics({ register: metricsRegistry });

const httpRequests = new Histogram({
  name: "shop_http_request_duration_seconds",
  help: "HTTP requests by method, route pattern and status, with how long they took",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const ordersCreated = new Counter({
  name: "shop_orders_created_total",
  help: "Orders created at checkout (as Pending, before payment)",
  registers: [metricsRegistry],
});

const ordersSettled = new Counter({
  name: "shop_orders_settled_total",
  help: "Orders moved out of Pending by the payment provider's answer, by new status and by what asked",
  labelNames: ["outcome", "source"] as const,
  registers: [metricsRegistry],
});

const providerCalls = new Histogram({
  name: "shop_payment_provider_request_duration_seconds",
  help: "Calls to a payment provider's API by operation and outcome, with how long they took",
  labelNames: ["provider", "operation", "outcome"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  registers: [metricsRegistry],
});

const providerErrors = new Counter({
  name: "shop_payment_provider_errors_total",
  help: "Calls to a payment provider's API that got no answer or an HTTP error",
  labelNames: ["provider", "operation"] as const,
  registers: [metricsRegistry],
});

const reconciliationRuns = new Counter({
  name: "shop_reconciliation_runs_total",
  help: "Completed runs of the job that re-checks orders left Pending",
  registers: [metricsRegistry],
});

const reconciliationOrders = new Counter({
  name: "shop_reconciliation_orders_checked_total",
  help: "Pending orders the reconciliation asked the payment provider about",
  registers: [metricsRegistry],
});

const reconciliationLastRun = new Gauge({
  name: "shop_reconciliation_last_run_timestamp_seconds",
  help: "When the reconciliation last completed a run (Unix time): alert when it grows old",
  registers: [metricsRegistry],
});

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function observeHttpRequest(method: string, route: string, status: number, seconds: number) {
  httpRequests.observe(
    { method: METHODS.has(method) ? method : "other", route, status: String(status) },
    seconds,
  );
}

export function recordOrderCreated() {
  ordersCreated.inc();
}

export function recordSettlement(outcome: string, source: string) {
  ordersSettled.inc({ outcome, source });
}

export function observeProviderCall(
  provider: string,
  operation: string,
  seconds: number,
  ok: boolean,
) {
  providerCalls.observe({ provider, operation, outcome: ok ? "ok" : "error" }, seconds);
  if (!ok) providerErrors.inc({ provider, operation });
}

/**
 * A provider client's fetch, timed: each call is recorded under the last segment of its path
 * (`GetTransactionStatus`), which the client's own code chooses, so the set stays small.
 */
export function observedFetch(provider: string, fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const operation = url.pathname.split("/").filter(Boolean).at(-1)?.slice(0, 60) ?? "root";
    const started = performance.now();
    let ok = false;
    try {
      const response = await fetchImpl(input, init);
      ok = response.ok;
      return response;
    } finally {
      observeProviderCall(provider, operation, (performance.now() - started) / 1000, ok);
    }
  };
}

export function recordReconciliationRun(ordersChecked: number) {
  reconciliationRuns.inc();
  reconciliationOrders.inc(ordersChecked);
  reconciliationLastRun.setToCurrentTime();
}
