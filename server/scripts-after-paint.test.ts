import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "./scripts-after-paint";

const page = (module: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/><link rel="modulepreload" href="/assets/react-B.js" nonce="N1"/><link rel="preload" as="image" href="/media/a.webp"/></head><body><main>Shop</main><script nonce="N1">window.__reactRouterContext = {};</script>${module}<script nonce="N1">window.__reactRouterContext.streamController.close();</script></body></html>`;
const MODULE = `<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>`;

/**
 * Runs the page's rewritten script the way a browser would, and reports what it added: `paint`
 * delivers the browser's first paint to its observer (or its next frame, without paint timing).
 */
function run(html: string, visibility: "visible" | "hidden", paintTiming = true) {
  const script = /<script nonce="N1">(\(function \(preloads[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error("no rewritten script");
  const added: { where: string; tag: string; props: Record<string, string> }[] = [];
  const waiting: (() => void)[] = [];
  const place = (where: string) => ({
    appendChild: (node: Record<string, string>) => {
      const { tag, ...props } = node;
      added.push({ where, tag: tag ?? "", props });
    },
  });
  const document = {
    currentScript: { nonce: "N1" },
    visibilityState: visibility,
    createElement: (tag: string) => ({ tag }),
    addEventListener: () => {},
    head: place("head"),
    body: place("body"),
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    constructor(private callback: (list: unknown, observer: { disconnect(): void }) => void) {}
    observe({ type }: { type: string }) {
      if (type === "paint") waiting.push(() => this.callback([], { disconnect: () => {} }));
    }
  }
  new Function(
    "document",
    "window",
    "PerformanceObserver",
    "requestAnimationFrame",
    "setTimeout",
    script,
  )(
    document,
    { PerformanceObserver },
    PerformanceObserver,
    (f: () => void) => waiting.push(f),
    (f: () => void) => waiting.push(f),
  );
  return {
    added,
    paint: () => {
      while (waiting.length) waiting.shift()!();
    },
  };
}

describe("scripts after the first paint", () => {
  it("takes the module preloads out and keeps every other tag", () => {
    const html = scriptsAfterPaint(page(MODULE));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    // An inline script may be async only as a module (HTML): the classic one is not.
    expect(html).not.toContain("async");
    expect(html).toContain('<link rel="preload" as="image" href="/media/a.webp"/>');
    expect(html).toContain("<main>Shop</main>");
    expect(html).toContain("window.__reactRouterContext = {};");
    expect(html).toContain("streamController.close()");
  });

  it("loads the preloads and runs the module, with the page's nonce, after the first paint", () => {
    const { added, paint } = run(scriptsAfterPaint(page(MODULE)), "visible");
    expect(added).toEqual([]);
    paint();
    expect(added).toEqual([
      {
        where: "head",
        tag: "link",
        props: { rel: "modulepreload", href: "/assets/entry.client-A.js" },
      },
      { where: "head", tag: "link", props: { rel: "modulepreload", href: "/assets/react-B.js" } },
      {
        where: "body",
        tag: "script",
        props: {
          type: "module",
          nonce: "N1",
          textContent:
            'import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");',
        },
      },
    ]);
  });

  it("waits for the next frame in a browser without paint timing", () => {
    const { added, paint } = run(scriptsAfterPaint(page(MODULE)), "visible", false);
    expect(added).toEqual([]);
    paint();
    expect(added.map((a) => a.tag)).toEqual(["link", "link", "script"]);
  });

  it("loads at once in a tab nobody sees, which never paints", () => {
    const { added } = run(scriptsAfterPaint(page(MODULE)), "hidden");
    expect(added.map((a) => a.tag)).toEqual(["link", "link", "script"]);
  });

  it("keeps a source that mentions </script> inside its script", () => {
    const module = `<script nonce="N1" type="module" async="">window.x = "</scr" + "ipt>";</script>`;
    const html = scriptsAfterPaint(page(module));
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    const { added, paint } = run(html, "visible");
    paint();
    expect(added.at(-1)?.props.textContent).toBe('window.x = "</scr" + "ipt>";');
  });

  it("leaves a page without a module script as it is", () => {
    const html = page("");
    expect(scriptsAfterPaint(html)).toBe(html);
  });
});
