// Fails the build when a storefront page would make the browser download more than 120 KB of
// gzipped JavaScript: the entry, the route modules of the page's route chain and everything they
// preload, counted in the bytes of the gzip the production build serves (Zopfli's, whichever
// strength this build was compressed at: scripts/compression.js; browsers that take Brotli get
// less, shown beside as this build wrote it). The route manifest file is not counted: with React Router's lazy
// route discovery the page carries the part it needs inline and never loads the file. Prints the
// figures for every page route.
import fs from "node:fs";
import path from "node:path";
import { RECORD, zopfliSizes } from "./compression.js";
import { routeManifests } from "./route-manifests.js";

const BUDGET_KB = 120;
const client = "build/client";
// One route manifest per language build (the Kiswahili one also in build/server, decision 54).
const swVersion = JSON.parse(fs.readFileSync("build/server/manifest-sw.json", "utf8")).version;
const manifests = routeManifests(path.join(client, "assets"));

const urls = new Set(
  manifests.flatMap((m) => [
    m.entry.module,
    ...m.entry.imports,
    ...Object.values(m.routes).flatMap((r) => [r.module, ...(r.imports ?? [])]),
  ]),
);
const brotliWritten = JSON.parse(fs.readFileSync(RECORD, "utf8")).brotli;
const gzipped = await zopfliSizes([...urls].map((url) => path.join(client, url)));

/** The bytes of a file in gzip (Zopfli's) or as this build wrote it in Brotli. */
const sizeOf = (url, encoding) =>
  encoding === "gz"
    ? gzipped.get(path.join(client, url))
    : fs.statSync(path.join(client, `${url}.${encoding}`)).size;

let failed = false;
for (const manifest of manifests) {
  const language = manifest.version === swVersion ? "sw" : "en";
  failed = !checkPages(manifest, language) || failed;
}
if (failed) {
  console.error(`A storefront page is over the ${BUDGET_KB} KB JavaScript budget.`);
  process.exit(1);
}

/** Prints one build's pages; false when a storefront page is over the budget. */
function checkPages(manifest, language) {
  const routes = manifest.routes;
  const chainOf = (id) => (id ? [...chainOf(routes[id].parentId), routes[id]] : []);
  const isParent = new Set(Object.values(routes).map((r) => r.parentId));

  let over = false;
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
    const tooBig = storefront && kb("gz") > BUDGET_KB;
    over ||= tooBig;
    rows.push(
      `${tooBig ? "OVER" : storefront ? "ok  " : "n/a "}  ${kb("gz").toFixed(1).padStart(6)} KB  ${kb("br").toFixed(1).padStart(6)} KB  ${route.id}`,
    );
  }
  console.log(
    `JavaScript per page in ${language}, gzip (Zopfli) then Brotli (${brotliWritten}; storefront budget ${BUDGET_KB} KB gzipped):`,
  );
  console.log(rows.sort().join("\n"));
  return !over;
}
