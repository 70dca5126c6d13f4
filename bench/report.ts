// The figures `npm run bench` gathers, the targets they are held to, and the markdown report that
// prints them side by side. Pure: no server, browser or load generator here.

export type Database = "PGlite" | "PostgreSQL";

/** Lighthouse mobile, the median run of several (see lighthouse.ts). */
export type LighthouseFigures = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Everything the first view transferred, images included. */
  bytes: number;
  /** JavaScript transferred (gzipped as served). */
  jsBytes: number;
};

export type LoadFigures = {
  /** The most requests per second at 10 connections. */
  maxRps: number;
  /** The same HTML from memory, through the same process and pipeline: the ceiling. */
  limitRps: number;
  /** At a fixed 200 requests per second: what was actually sent, and the latencies. */
  fixedRateRps: number;
  p50Ms: number;
  p99Ms: number;
  /** Errors and answers other than 200 across this page's runs. */
  failures: number;
};

export type PageFigures = {
  path: string;
  lighthouse?: LighthouseFigures;
  load: LoadFigures;
};

export type ProcessFigures = {
  rssAfterStartBytes: number;
  rssAfterLoadBytes: number;
  /**
   * Where the resident memory after the load is: V8's heap and what JavaScript holds outside it,
   * as the process reports them (`/__bench/memory`), and the program's files and the C heap, as
   * the system maps them (`memoryOf`).
   */
  afterLoad?: {
    heapTotalBytes: number;
    heapUsedBytes: number;
    externalBytes: number;
    filesBytes: number;
    cHeapBytes: number;
  };
  /** Resident memory once the process has been left alone for a while after the load. */
  rssAtRestBytes?: number;
  atRestSeconds?: number;
  peakRssBytes: number;
  coldStartMs: number;
};

export type BenchReport = {
  date: string;
  machine: string;
  database: Database;
  /** Anything the reader must know about this run (quick mode, a loaded machine). */
  notes: string[];
  pages: PageFigures[];
  process: ProcessFigures;
  /** The shop-query benchmark's own markdown table, printed as it is. */
  shopQuery: string;
};

const KB = 1024;
const MB = 1024 * 1024;

/** The targets the figures are compared against; each applies to the pages it names. */
export const TARGETS = {
  score: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0,
  firstViewBytes: 350 * KB,
  jsBytes: 120 * KB,
  maxRps: { min: 450, pages: [/^(with a cart: )?(\/sw)?\/shop$/, /^(with a cart: )?\/product\//] },
  p99Ms: { max: 50, pages: [/^(with a cart: )?(\/sw)?\/shop$/, /^(with a cart: )?\/product\//] },
  limitShare: 0.25,
  /** A shopper with a cart gets the kept page with their parts filled in (decision 49). */
  cartLimitShare: 0.5,
  rssAfterLoadBytes: { PGlite: 250 * MB, PostgreSQL: 150 * MB } satisfies Record<Database, number>,
  coldStartMs: 2000,
};

const mark = (met: boolean) => (met ? "✓" : "✗");
const ms = (v: number) =>
  Number.isNaN(v) ? "no answer" : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
const kb = (v: number) => `${Math.round(v / KB)} KB`;
const mb = (v: number) => `${Math.round(v / MB)} MB`;
const appliesTo = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));

/** A figure with its mark when the page has a target for it, bare otherwise. */
const judged = (text: string, met: boolean | undefined) =>
  met === undefined ? text : `${text} ${mark(met)}`;

function pageRow({ path, lighthouse: lh, load }: PageFigures) {
  const share = load.limitRps > 0 ? load.maxRps / load.limitRps : 0;
  const failures = load.failures > 0 ? ` (${load.failures} failed)` : "";
  const rpsTarget = appliesTo(TARGETS.maxRps.pages, path);
  const p99Target = appliesTo(TARGETS.p99Ms.pages, path);
  return [
    `\`${path}\``,
    lh ? judged(String(Math.round(lh.score)), Math.round(lh.score) >= TARGETS.score) : "—",
    lh ? ms(lh.fcpMs) : "—",
    lh ? judged(ms(lh.lcpMs), lh.lcpMs <= TARGETS.lcpMs) : "—",
    lh ? judged(ms(lh.tbtMs), lh.tbtMs <= TARGETS.tbtMs) : "—",
    // Lighthouse shows CLS to three decimals; that is what "0" means here.
    lh ? judged(lh.cls.toFixed(3), Number(lh.cls.toFixed(3)) <= TARGETS.cls) : "—",
    lh ? judged(kb(lh.bytes), lh.bytes <= TARGETS.firstViewBytes) : "—",
    lh ? judged(kb(lh.jsBytes), lh.jsBytes <= TARGETS.jsBytes) : "—",
    judged(
      `${Math.round(load.maxRps)}${failures}`,
      rpsTarget ? load.maxRps >= TARGETS.maxRps.min && load.failures === 0 : undefined,
    ),
    String(Math.round(load.limitRps)),
    judged(
      `${Math.round(share * 100)}%`,
      share >= (path.startsWith("with a cart") ? TARGETS.cartLimitShare : TARGETS.limitShare),
    ),
    String(Math.round(load.fixedRateRps)),
    ms(load.p50Ms),
    judged(ms(load.p99Ms), p99Target ? load.p99Ms <= TARGETS.p99Ms.max : undefined),
  ];
}

const PAGE_HEADER = [
  "page",
  "Lighthouse",
  "FCP",
  "LCP",
  "TBT",
  "CLS",
  "first view",
  "JS",
  "req/s",
  "from memory",
  "share",
  "sent at 200/s",
  "p50",
  "p99",
];

const PAGE_TARGETS = [
  "*target*",
  `${TARGETS.score}`,
  "",
  `≤ ${ms(TARGETS.lcpMs)}`,
  `≤ ${ms(TARGETS.tbtMs)}`,
  `${TARGETS.cls}`,
  `≤ ${kb(TARGETS.firstViewBytes)}`,
  `≤ ${kb(TARGETS.jsBytes)}`,
  `≥ ${TARGETS.maxRps.min} (shop, product)`,
  "",
  `≥ ${TARGETS.limitShare * 100}% (with a cart ${TARGETS.cartLimitShare * 100}%)`,
  "",
  "",
  `≤ ${ms(TARGETS.p99Ms.max)} (shop, product)`,
];

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;

/** The whole report as markdown: the pages, the process, then the shop query at scale. */
export function formatReport(report: BenchReport): string {
  const { process: p, database } = report;
  const rssLimit = TARGETS.rssAfterLoadBytes[database];
  const lines = [
    `Run ${report.date} on ${report.machine}, ${database}.`,
    ...report.notes.map((n) => `${n}`),
    "",
    row(PAGE_HEADER),
    row(PAGE_HEADER.map((_, i) => (i === 0 ? "---" : "---:"))),
    row(PAGE_TARGETS),
    ...report.pages.map((page) => row(pageRow(page))),
    "",
    row(["process", "figure", "target"]),
    row(["---", "---:", "---:"]),
    row(["RSS after start", mb(p.rssAfterStartBytes), ""]),
    row([
      "RSS after the load",
      judged(mb(p.rssAfterLoadBytes), p.rssAfterLoadBytes <= rssLimit),
      `≤ ${mb(rssLimit)} (${database})`,
    ]),
    ...(p.afterLoad
      ? [
          row([
            "of which V8's heap (in use)",
            `${mb(p.afterLoad.heapTotalBytes)} (${mb(p.afterLoad.heapUsedBytes)})`,
            "",
          ]),
          row([
            "of which outside V8's heap (PGlite's WebAssembly memory, buffers)",
            mb(p.afterLoad.externalBytes),
            "",
          ]),
          row(["of which the program's files (Node, libraries)", mb(p.afterLoad.filesBytes), ""]),
          row(["of which the C heap (malloc's main arena)", mb(p.afterLoad.cHeapBytes), ""]),
        ]
      : []),
    ...(p.rssAtRestBytes
      ? [row([`RSS ${p.atRestSeconds} s after the load, at rest`, mb(p.rssAtRestBytes), ""])]
      : []),
    row(["peak RSS", mb(p.peakRssBytes), ""]),
    row([
      "cold start to the first page",
      judged(ms(p.coldStartMs), p.coldStartMs <= TARGETS.coldStartMs),
      `≤ ${ms(TARGETS.coldStartMs)}`,
    ]),
    "",
    report.shopQuery.trim(),
  ];
  return `${lines.join("\n")}\n`;
}
