// Fails the build when a storefront page would make the browser download more than 127 KB of
// gzipped JavaScript: the entry, the route modules of the page's route chain, everything they
// preload, and the route manifest. Prints the figure for every page route.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// The target is 120 KB (issue 16); the budget follows what the pages reach, so nothing grows back
// (decision 39 says what the rest would take).
const BUDGET_KB = 127;
const client = "build/client";
const manifestFile = fs
  .readdirSync(path.join(client, "assets"))
  .find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile)
  throw new Error("No route manifest in build/client/assets: run the build first.");
const manifestSource = fs.readFileSync(path.join(client, "assets", manifestFile), "utf8");
const manifest = JSON.parse(
  manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
);

const gzipped = new Map();
const sizeOf = (url) => {
  if (!gzipped.has(url)) {
    gzipped.set(url, zlib.gzipSync(fs.readFileSync(path.join(client, url))).byteLength);
  }
  return gzipped.get(url);
};

const routes = manifest.routes;
const chainOf = (id) => (id ? [...chainOf(routes[id].parentId), routes[id]] : []);
const isParent = new Set(Object.values(routes).map((r) => r.parentId));

let failed = false;
const rows = [];
for (const route of Object.values(routes)) {
  if (!route.hasDefaultExport || isParent.has(route.id)) continue;
  const files = new Set([
    `/assets/${manifestFile}`,
    manifest.entry.module,
    ...manifest.entry.imports,
  ]);
  for (const r of chainOf(route.id)) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  const kb = [...files].reduce((sum, f) => sum + sizeOf(f), 0) / 1024;
  const storefront = !route.id.startsWith("routes/admin");
  const over = storefront && kb > BUDGET_KB;
  failed ||= over;
  rows.push(
    `${over ? "OVER" : storefront ? "ok  " : "n/a "}  ${kb.toFixed(1).padStart(6)} KB  ${route.id}`,
  );
}
console.log(`JavaScript per page (gzipped; storefront budget ${BUDGET_KB} KB):`);
console.log(rows.sort().join("\n"));
if (failed) {
  console.error(`A storefront page is over the ${BUDGET_KB} KB JavaScript budget.`);
  process.exit(1);
}
