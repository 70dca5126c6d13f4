import { describe, expect, it } from "vitest";
import { type BenchReport, formatReport, type PageFigures } from "./report";

const KB = 1024;
const MB = 1024 * 1024;

const fastPage = (path: string): PageFigures => ({
  path,
  lighthouse: {
    score: 100,
    fcpMs: 900,
    lcpMs: 1200,
    tbtMs: 10,
    cls: 0,
    bytes: 200 * KB,
    jsBytes: 110 * KB,
  },
  load: { maxRps: 500, limitRps: 1000, fixedRateRps: 200, p50Ms: 8, p99Ms: 30, failures: 0 },
});

const report = (overrides: Partial<BenchReport> = {}): BenchReport => ({
  date: "2026-05-01 10:00",
  machine: "2 cores",
  database: "PGlite",
  notes: ["Load average 1.0 at the start."],
  pages: [fastPage("/shop")],
  process: {
    rssAfterStartBytes: 150 * MB,
    rssAfterLoadBytes: 200 * MB,
    peakRssBytes: 210 * MB,
    coldStartMs: 1500,
  },
  shopQuery: "| database | products |\n|---|---:|\n| PGlite | 10,000 |",
  ...overrides,
});

/** The cells of the table row that starts with `first`. */
const cells = (markdown: string, first: string) => {
  const line = markdown.split("\n").find((l) => l.startsWith(`| ${first} |`));
  if (!line) throw new Error(`No row ${first} in:\n${markdown}`);
  return line.split(" | ").map((c) => c.replace(/^\| | \|$/g, ""));
};

describe("the bench report", () => {
  it("marks every figure of a page that meets its targets as met", () => {
    const row = cells(formatReport(report()), "`/shop`");
    expect(row).toEqual([
      "`/shop`",
      "100 ✓",
      "900 ms",
      "1.20 s ✓",
      "10 ms ✓",
      "0.000 ✓",
      "200 KB ✓",
      "110 KB ✓",
      "500 ✓",
      "1000",
      "50% ✓",
      "200",
      "8 ms",
      "30 ms ✓",
    ]);
  });

  it("marks the figures that miss their targets as not met", () => {
    const slow: PageFigures = {
      path: "/product/101",
      lighthouse: {
        score: 89,
        fcpMs: 2100,
        lcpMs: 3400,
        tbtMs: 180,
        cls: 0.02,
        bytes: 400 * KB,
        jsBytes: 125 * KB,
      },
      load: { maxRps: 200, limitRps: 1000, fixedRateRps: 180, p50Ms: 40, p99Ms: 120, failures: 3 },
    };
    const row = cells(formatReport(report({ pages: [slow] })), "`/product/101`");
    expect(row).toEqual([
      "`/product/101`",
      "89 ✗",
      "2.10 s",
      "3.40 s ✗",
      "180 ms ✗",
      "0.020 ✗",
      "400 KB ✗",
      "125 KB ✗",
      "200 (3 failed) ✗",
      "1000",
      "20% ✗",
      "180",
      "40 ms",
      "120 ms ✗",
    ]);
  });

  it("leaves unmarked what has no target for that page, and dashes what was not measured", () => {
    const search: PageFigures = { ...fastPage("/shop?q=dress"), lighthouse: undefined };
    const row = cells(formatReport(report({ pages: [search] })), "`/shop?q=dress`");
    expect(row.slice(1, 8)).toEqual(["—", "—", "—", "—", "—", "—", "—"]);
    // The req/s and p99 targets are for /shop and product pages; the share applies everywhere.
    expect(row.slice(8)).toEqual(["500", "1000", "50% ✓", "200", "8 ms", "30 ms"]);
  });

  it("says so when a page gave no answer at the fixed rate, which meets no target", () => {
    const page = fastPage("/shop");
    const silent = { ...page, load: { ...page.load, p50Ms: Number.NaN, p99Ms: Number.NaN } };
    const row = cells(formatReport(report({ pages: [silent] })), "`/shop`");
    expect(row.slice(12)).toEqual(["no answer", "no answer ✗"]);
  });

  it("holds memory after the load to the limit of the database in use", () => {
    const process = { ...report().process, rssAfterLoadBytes: 200 * MB };
    expect(cells(formatReport(report({ process })), "RSS after the load")).toEqual([
      "RSS after the load",
      "200 MB ✓",
      "≤ 250 MB (PGlite)",
    ]);
    expect(
      cells(formatReport(report({ process, database: "PostgreSQL" })), "RSS after the load"),
    ).toEqual(["RSS after the load", "200 MB ✗", "≤ 150 MB (PostgreSQL)"]);
  });

  it("says where the memory after the load is, when the process told", () => {
    const afterLoad = {
      heapTotalBytes: 80 * MB,
      heapUsedBytes: 40 * MB,
      externalBytes: 150 * MB,
      filesBytes: 60 * MB,
      cHeapBytes: 50 * MB,
    };
    const process = { ...report().process, afterLoad, rssAtRestBytes: 190 * MB, atRestSeconds: 15 };
    const markdown = formatReport(report({ process }));
    expect(cells(markdown, "of which V8's heap (in use)")[1]).toBe("80 MB (40 MB)");
    expect(
      cells(markdown, "of which outside V8's heap (PGlite's WebAssembly memory, buffers)")[1],
    ).toBe("150 MB");
    expect(cells(markdown, "of which the program's files (Node, libraries)")[1]).toBe("60 MB");
    expect(cells(markdown, "of which the C heap (malloc's main arena)")[1]).toBe("50 MB");
    expect(cells(markdown, "RSS 15 s after the load, at rest")[1]).toBe("190 MB");
    expect(formatReport(report())).not.toContain("of which");
    expect(formatReport(report())).not.toContain("at rest");
  });

  it("judges the cold start and keeps the run's notes and the shop-query table", () => {
    const markdown = formatReport(report({ process: { ...report().process, coldStartMs: 2600 } }));
    expect(cells(markdown, "cold start to the first page")).toEqual([
      "cold start to the first page",
      "2.60 s ✗",
      "≤ 2.00 s",
    ]);
    expect(markdown).toContain("Load average 1.0 at the start.");
    expect(markdown).toContain("| PGlite | 10,000 |");
  });
});
