// Fails the build when a storefront page would make the browser download more than 120 KB of
// gzipped JavaScript: the entry, the route modules of the page's route chain and everything they
// preload, counted as served (the .gz files scripts/compress-assets.js wrote; browsers that take
// Brotli get less, shown beside). The route manifest file is not counted: with React Router's lazy
// route discovery the page carries the part it needs inline and never loads the file. Prints the
// figures for every page route.
import fs from "node:fs";
import path from "node:path";

const BUDGET_KB = 120;
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

/** The bytes served for a file in one encoding. */
const sizeOf = (url, encoding) => fs.statSync(path.join(client, `${url}.${encoding}`)).size;

const routes = manifest.routes;
const chainOf = (id) => (id ? [...chainOf(routes[id].parentId), routes[id]] : []);
const isParent = new Set(Object.values(routes).map((r) => r.parentId));

let failed = false;
const rows = [];
for (const route of Object.values(routes)) {
  if (!route.hasDefaultExport || isParent.has(route.id)) continue;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of chainOf(route.id)) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  const kb = (encoding) => [...files].reduce((sum, f) => sum + sizeOf(f, encoding), 0) / 1024;
  const storefront = !route.id.startsWith("routes/admin");
  const over = storefront && kb("gz") > BUDGET_KB;
  failed ||= over;
  rows.push(
    `${over ? "OVER" : storefront ? "ok  " : "n/a "}  ${kb("gz").toFixed(1).padStart(6)} KB  ${kb("br").toFixed(1).padStart(6)} KB  ${route.id}`,
  );
}
console.log(`JavaScript per page, gzip then Brotli (storefront budget ${BUDGET_KB} KB gzipped):`);
console.log(rows.sort().join("\n"));
if (failed) {
  console.error(`A storefront page is over the ${BUDGET_KB} KB JavaScript budget.`);
  process.exit(1);
}
