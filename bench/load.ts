// HTTP load with autocannon, asking for pages as a browser does (HTML, compressed), so the
// server's compression is part of what is measured.
import autocannon from "autocannon";

const HEADERS = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };

export type LoadRun = {
  rps: number;
  sent: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
};

/** A shopper's cookie (their cart), sent with every request of a run when given. */
export type Visitor = { cookie?: string };

async function run(options: autocannon.Options, visitor: Visitor = {}): Promise<LoadRun> {
  const headers = visitor.cookie ? { ...HEADERS, cookie: visitor.cookie } : HEADERS;
  const result = await autocannon({ ...options, headers });
  const answered = result.requests.total > 0;
  await settle(options.url as string);
  return {
    rps: result.requests.total / result.duration,
    sent: result.requests.sent / result.duration,
    // No answer at all has no latency: NaN shows as such and meets no target.
    p50Ms: answered ? result.latency.p50 : Number.NaN,
    p99Ms: answered ? result.latency.p99 : Number.NaN,
    failures: result.errors + result.non2xx,
  };
}

/**
 * Requests still in flight when a run ends are still being rendered: wait until the server
 * answers again, so one run's leftovers do not slow the next.
 */
async function settle(url: string) {
  await (await fetch(new URL("/healthz", url))).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** As many requests as 10 connections get answered, each sent when the last answer arrives. */
export const mostRequests = (url: string, seconds: number, visitor?: Visitor) =>
  run({ url, connections: 10, duration: seconds }, visitor);

/**
 * A steady 200 requests per second, spread over enough connections that a slow answer does not
 * hold the next request back; latencies include any delay from falling behind that rate.
 */
export const fixedRate = (url: string, seconds: number, visitor?: Visitor, rate = 200) =>
  run({ url, connections: 20, overallRate: rate, duration: seconds }, visitor);
