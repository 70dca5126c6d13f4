// `npm run bench`: builds the shop, starts it as production does on a fresh data folder (or a
// fresh PostgreSQL database with DATABASE_URL), starts it again on that data (the cold start), and
// measures that process in one run: Lighthouse mobile, HTTP load beside the same HTML served from
// memory, memory, and the shop query at scale. Prints one report and writes it to bench/results/latest.md. See bench/README.md.
//
//   npm run bench                  # PGlite
//   DATABASE_URL=postgres://... npm run bench
//   npm run bench -- --quick       # development: 10,000 products only, 1 Lighthouse run, 3 s loads
//   npm run bench -- --skip-build  # reuse the last build
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sampleCatalogue } from "~/modules/catalog/sample-catalogue";
import { openLighthouse } from "./lighthouse";
import { fixedRate, mostRequests } from "./load";
import {
  type BenchReport,
  type Database,
  formatReport,
  type LighthouseFigures,
  type PageFigures,
} from "./report";
import { createScratchDatabase, memoryOf, type Shop, startShop } from "./shop-process";

const { values: flags } = parseArgs({
  options: { quick: { type: "boolean" }, "skip-build": { type: "boolean" } },
});
const quick = Boolean(flags.quick);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const LIGHTHOUSE_RUNS = quick ? 1 : 3;
const LOAD_SECONDS = quick ? 3 : 10;
const WARM_UP_SECONDS = quick ? 1 : 3;
const AT_REST_SECONDS = 15;
const SIZES = quick ? "10000" : "10000,100000";
// Generated sample photos are the same on every install: kept between runs so a fresh data
// folder does not spend its first minute drawing them again (the database is always new).
const IMAGE_CACHE = path.resolve(".bench-data/media");

const step = (text: string) => console.error(`\n== ${text}`);
const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  const result = spawnSync(command, args, {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed.`);
  return result.stdout;
};

const product = sampleCatalogue().find((p) => p.inStock && p.category === "dresses");
if (!product) throw new Error("The sample catalogue has no dress in stock.");
// The Kiswahili Shop (its own scripts and words, decision 54) beside the English pages.
const LIGHTHOUSE_PAGES = [
  "/",
  "/shop",
  "/shop?category=dresses",
  `/product/${product.id}`,
  "/sw/shop",
];
/**
 * Loaded pages: each as a first-time visitor gets it (no cookie), and `/shop` and the product page
 * also as a shopper with a cart gets them (the same kept page, with their cart filled in).
 */
const LOAD_PAGES: { path: string; label: string; withCart?: boolean }[] = [
  ...[...LIGHTHOUSE_PAGES, "/shop?q=dress"].map((path) => ({ path, label: path })),
  { path: "/shop", label: "with a cart: /shop", withCart: true },
  { path: `/product/${product.id}`, label: `with a cart: /product/${product.id}`, withCart: true },
  { path: "/sw/shop", label: "with a cart: /sw/shop", withCart: true },
];

/** A cart holding one piece, as the shopper's browser would carry it. */
async function cartCookie(origin: string, productId: string, size = "") {
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    headers: { Origin: origin },
    body: new URLSearchParams({ intent: "add", productId, size, quantity: "1", via: "fetch" }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 200 || !cookie)
    throw new Error(`Could not fill a cart: ${response.status}`);
  return cookie;
}

const serverUrl = process.env.DATABASE_URL;
const database: Database = serverUrl ? "PostgreSQL" : "PGlite";
const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(1);
const loadAtStart = loadAverage();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
const dataDir = path.join(work, "data");
const logFile = path.join(work, "server.log");
const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
let shop: Shop | undefined;

try {
  if (!flags["skip-build"]) {
    step("npm run build");
    console.error(run("npm", ["run", "--silent", "build"]).trim());
  }

  const cachedImages = fs.existsSync(IMAGE_CACHE);
  if (cachedImages) fs.cpSync(IMAGE_CACHE, path.join(dataDir, "media"), { recursive: true });
  step(`starting the shop on a fresh ${scratch ? "database" : "data folder"}`);
  const first = await startShop({ port: PORT, dataDir, databaseUrl: scratch?.url, logFile });
  shop = first.shop;
  console.error(`answered after ${(first.readyMs / 1000).toFixed(1)} s (first start, seeding)`);
  if (!cachedImages) fs.cpSync(path.join(dataDir, "media"), IMAGE_CACHE, { recursive: true });

  // Everything is measured on a shop started again on its data, as a restart or a deploy starts
  // it: the first start's seeding (drawing photos, filling the catalogue) is not what a running
  // shop holds in memory.
  step("cold start on the existing data");
  await shop.stop();
  const again = await startShop({ port: PORT, dataDir, databaseUrl: scratch?.url, logFile });
  shop = again.shop;
  console.error(`first page after ${(again.readyMs / 1000).toFixed(2)} s`);
  const rssAfterStart = memoryOf(shop.pid).rss;

  step(`Lighthouse mobile, ${LIGHTHOUSE_RUNS} run(s) per page`);
  const lighthouse = await openLighthouse();
  let lighthouseVersion = "";
  const lighthouseFigures = new Map<string, LighthouseFigures>();
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      const figures = await lighthouse.measure(`${shop.url}${page}`, LIGHTHOUSE_RUNS);
      console.error(`${page}: ${Math.round(figures.score)}`);
      lighthouseFigures.set(page, figures);
    }
    lighthouseVersion = lighthouse.version();
  } finally {
    await lighthouse.close();
  }

  step(`load: ${LOAD_SECONDS} s per page and figure`);
  const pages: PageFigures[] = [];
  const cart = { cookie: await cartCookie(shop.url, product.id, product.sizes[0]) };
  for (const { path: page, label, withCart } of LOAD_PAGES) {
    const visitor = withCart ? cart : {};
    const url = `${shop.url}${page}`;
    const memoryUrl = `${shop.url}/__bench/static?page=${encodeURIComponent(page)}`;
    // The first request for the copy renders the page once and keeps its HTML.
    const copy = await fetch(memoryUrl);
    const copyText = await copy.text();
    if (copy.status !== 200) throw new Error(`${memoryUrl}: ${copyText}`);
    await mostRequests(url, WARM_UP_SECONDS, visitor);
    const most = await mostRequests(url, LOAD_SECONDS, visitor);
    await mostRequests(memoryUrl, WARM_UP_SECONDS);
    const limit = await mostRequests(memoryUrl, LOAD_SECONDS);
    const steady = await fixedRate(url, LOAD_SECONDS, visitor);
    console.error(
      `${label}: ${Math.round(most.rps)} req/s (from memory ${Math.round(limit.rps)}); at 200/s p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms`,
    );
    pages.push({
      path: label,
      lighthouse: withCart ? undefined : lighthouseFigures.get(page),
      load: {
        maxRps: most.rps,
        limitRps: limit.rps,
        fixedRateRps: steady.sent,
        p50Ms: steady.p50Ms,
        p99Ms: steady.p99Ms,
        failures: most.failures + steady.failures + limit.failures,
      },
    });
  }
  const afterLoad = memoryOf(shop.pid);
  const held = (await (await fetch(`${shop.url}/__bench/memory`)).json()) as Record<string, number>;
  // V8 gives back the pages the load grew its heap by only once the process has been quiet for
  // several seconds (its memory reducer): what a shop holds between bursts of shoppers.
  await new Promise((resolve) => setTimeout(resolve, AT_REST_SECONDS * 1000));
  const atRest = memoryOf(shop.pid);
  await shop.stop();

  step(`shop query at ${SIZES} products (${database})`);
  const shopQuery = run("node_modules/.bin/tsx", ["bench/shop-query.ts"], {
    BENCH_SIZES: SIZES,
    BENCH_DATABASES: database.toLowerCase(),
    ...(serverUrl ? { BENCH_DATABASE_URL: serverUrl } : {}),
  });

  const cpus = os.cpus();
  const report: BenchReport = {
    date: new Date().toISOString().slice(0, 16).replace("T", " "),
    machine: `${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
    database,
    notes: [
      `${lighthouseVersion} (mobile, default throttling); autocannon from the same machine.`,
      ...(scratch ? [`PostgreSQL ${scratch.version}, on the same machine.`] : []),
      `Load average ${loadAtStart} at the start, ${loadAverage()} at the end (1 minute).`,
      ...(cachedImages ? [] : ["Sample photos were drawn during this first start (no cache)."]),
      ...(quick ? ["Quick run (--quick): 1 Lighthouse run, 3 s loads, no 100,000 products."] : []),
    ],
    pages,
    process: {
      rssAfterStartBytes: rssAfterStart,
      rssAfterLoadBytes: afterLoad.rss,
      afterLoad: {
        heapTotalBytes: held.heapTotal ?? 0,
        heapUsedBytes: held.heapUsed ?? 0,
        externalBytes: held.external ?? 0,
        filesBytes: afterLoad.filesBytes,
        cHeapBytes: afterLoad.cHeapBytes,
      },
      rssAtRestBytes: atRest.rss,
      atRestSeconds: AT_REST_SECONDS,
      peakRssBytes: afterLoad.peak,
      coldStartMs: again.readyMs,
    },
    shopQuery,
  };
  const markdown = formatReport(report);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync("bench/results/latest.md", markdown);
  console.log(`\n${markdown}`);
} finally {
  await shop?.stop();
  await scratch?.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
