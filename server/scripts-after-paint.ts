/**
 * A storefront page's scripts are asked for after its first paint, not beside it. On a slow
 * connection the page's HTML, its stylesheet and its first photo then have the line to themselves,
 * and the 110 KB of scripts follow; the page works without them until they hydrate it.
 *
 * React Router lists the scripts as `<link rel="modulepreload">` tags (React moves them into the
 * head) and one inline module script that imports them. Here, once per kept page, the preloads are
 * taken out and the module script becomes a classic inline script (same nonce; no `async`, which
 * HTML allows on an inline module only) that, after the next paint, adds the preloads back and
 * runs the module's source as a module. React hydrates the same elements: it leaves a script's
 * content and attributes as the server sent them, and skips tags added to the head and body.
 *
 * A page without those tags (an error page's own markup, a change in React Router's output) is
 * returned unchanged: its scripts load as before.
 */
export function scriptsAfterPaint(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html;
  const [tag, attributes = "", source = ""] = module;
  const preloads: string[] = [];
  const withoutPreloads = html.slice(0, module.index).replace(PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const call = `(${AFTER_PAINT})(${scriptJson(preloads)},${scriptJson(source)})`;
  return `${withoutPreloads}<script${attributes.replace(MODULE_ONLY, "")}>${call}</script>${html.slice(module.index + tag.length)}`;
}

/** React Router's module script: `<script nonce="..." type="module" async="">...</script>`. */
const MODULE_SCRIPT =
  /<script((?: [a-z-]+="[^"]*")*? type="module"(?: [a-z-]+="[^"]*")*)>([\s\S]*?)<\/script>/;
/**
 * What only a module script may carry: the classic script keeps neither (HTML allows `async` on an
 * inline script only when it is a module).
 */
const MODULE_ONLY = / (?:type="module"|async="[^"]*")/g;
/** A module preload as React writes it; the href is a path of the shop's own assets. */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/** JSON that cannot end the script it sits in. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));

/**
 * Runs in the browser, written into the page as it is here (not a function's compiled text, which
 * a build may rewrite). Once the browser reports the first paint (or after the next frame where
 * it cannot), or at once in a tab nobody sees (it does not paint), the preloads go into the head
 * and the source runs as a module with this script's nonce.
 */
const AFTER_PAINT = `function (preloads, source) {
  var nonce = document.currentScript ? document.currentScript.nonce : "";
  var done = false;
  function load() {
    if (done) return;
    done = true;
    preloads.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = source;
    document.body.appendChild(script);
  }
  if (document.visibilityState !== "visible") return load();
  document.addEventListener("visibilitychange", load);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") < 0) return requestAnimationFrame(function () { setTimeout(load, 0); });
  new PerformanceObserver(function (list, observer) {
    observer.disconnect();
    setTimeout(load, 0);
  }).observe({ type: "paint", buffered: true });
}`.replace(/\n\s*/g, " ");
