import { expect, test } from "./fixtures";

// A shopper on a slow connection sees the page before its scripts compete for the line: the HTML,
// its stylesheet and the first photo come first, and the scripts are asked for after the first
// paint (server/scripts-after-paint.ts). The page then hydrates as before.

for (const path of ["/", "/shop", "/shop?category=dresses", "/product/101"]) {
  test(`${path} paints before asking for its scripts, asks for its largest photo first, then hydrates`, async ({
    page,
  }) => {
    // The largest paint, as the browser reports it, is noted from the start.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { lcp: string[] }).lcp = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.push((entry as PerformanceEntry & { url: string }).url);
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN;
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        paint,
        scripts: resources
          .filter((r) => r.initiatorType !== "fetch" && /\/assets\/.*\.js$/.test(r.name))
          .map((r) => ({ name: r.name, start: r.startTime })),
        images: resources
          .filter((r) => r.initiatorType === "img" || /\.(webp|avif|jpe?g|png)$/.test(r.name))
          .sort((a, b) => a.startTime - b.startTime)
          .map((r) => r.name),
        lcp: (window as unknown as { lcp: string[] }).lcp.filter(Boolean),
      };
    });
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const script of timing.scripts) expect(script.start).toBeGreaterThanOrEqual(timing.paint);
    // The photo the page paints largest is the first it asks for (the band under the header, a
    // few hundred bytes of pattern, may share the first moments; it is never the largest).
    const photos = timing.images.filter((name) => !name.includes("/media/brand/band"));
    if (timing.lcp.length) expect(photos[0]).toBe(timing.lcp.at(-1));
  });
}
