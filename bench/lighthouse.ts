// Lighthouse mobile (its default settings: a mid-range phone on a slow 4G connection, simulated)
// in the machine's Chromium, as the browser tests drive it. Each page is run several times and the
// median run is kept, the way Lighthouse's own documentation on variability recommends.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { lighthouseChromium as chromium } from "../playwright.config";
import type { LighthouseFigures } from "./report";

/** One Chromium for all the runs; Lighthouse clears its cache and storage before each. */
export async function openLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: chromium.args,
    logLevel: "error",
  });
  let version = "Lighthouse";
  return {
    /** Lighthouse's and Chromium's versions, once a page has been measured. */
    version: () => version,
    /** The median of `runs` Lighthouse mobile runs of `url`. */
    async measure(url: string, runs: number): Promise<LighthouseFigures> {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
        if (result.lhr.runtimeError) {
          throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
        }
        results.push(result.lhr);
        const browser = result.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1];
        version = `Lighthouse ${result.lhr.lighthouseVersion}, Chromium ${browser ?? "(unknown)"}`;
      }
      return figures(computeMedianRun(results));
    },
    close: () => chrome.kill(),
  };
}

function figures(lhr: Result): LighthouseFigures {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined)
      throw new Error(`Lighthouse gave no ${id} for ${lhr.finalDisplayedUrl}.`);
    return value;
  };
  const summary = lhr.audits["resource-summary"]?.details;
  const rows = summary?.type === "table" ? summary.items : [];
  const script = rows.find((r) => r.resourceType === "script");
  return {
    score: (lhr.categories.performance?.score ?? 0) * 100,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    bytes: numeric("total-byte-weight"),
    jsBytes: Number(script?.transferSize ?? 0),
  };
}
