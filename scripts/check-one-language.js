// Fails the build when a storefront client file carries words of a language other than the
// build's own (decision 53): each page's script holds its language's words only.
// Only the storefront's files count: the back office is in English in both builds. Reads the
// words files as they are (Node strips their types) and looks for every plain word the
// other language says differently, at least six characters long (shorter ones occur by chance in
// minified code).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { routeManifests } from "./route-manifests.js";

const own = process.env.SHOP_LANGUAGE ?? "en";
const client = process.argv[2] ?? "build/client";
const words = async (language) =>
  import(pathToFileURL(path.resolve("app/i18n", `${language}.ts`)).href);
const plain = (dictionary) =>
  Object.values(dictionary).flatMap((word) =>
    typeof word === "string" ? [word] : typeof word === "object" ? Object.values(word) : [],
  );

const mine = new Set(plain(await words(own)));
// Words that are also the web's own names, which libraries write as strings (an HTTP header).
const NAMES = new Set(["Location"]);
const others = ["en", "sw"].filter((language) => language !== own);
const foreign = new Set();
for (const language of others) {
  for (const word of plain(await words(language))) {
    if (word.length >= 6 && !mine.has(word) && !NAMES.has(word)) foreign.add(word);
  }
}

const assets = path.join(client, "assets");
const found = [];
for (const file of storefrontFiles()) {
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  for (const word of foreign) {
    // As a whole string of the minified code (quoted, or a template's start or end), not a piece of
    // a name ('Location' in `window.Location`).
    const quoted = ["`", '"', "'"].some(
      (q) => source.includes(`${q}${word}${q}`) || source.includes(`${q}${word}\${`),
    );
    if (quoted || source.includes(`}${word}\``)) found.push(`${file}: "${word}"`);
  }
}
if (found.length) {
  console.error(`The ${own} build carries another language's words:\n  ${found.join("\n  ")}`);
  process.exit(1);
} else {
  console.log(`Client files in ${own} only: none of ${foreign.size} other words found.`);
}

/**
 * The script files a storefront page can load: its route modules and their imports (the route
 * manifest), and every file those name in turn (parts loaded on demand), but none that only the
 * back office reaches.
 */
function storefrontFiles() {
  const names = new Set(fs.readdirSync(assets).filter((f) => f.endsWith(".js")));
  // This build's own, the only one in its folder (the builds are merged after the check).
  const [manifest] = routeManifests(assets);
  const start = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of Object.values(manifest.routes)) {
    if (route.id.startsWith("routes/admin/")) continue;
    start.push(route.module, ...(route.imports ?? []));
  }
  const seen = new Set();
  const visit = (file) => {
    if (!names.has(file) || seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(path.join(assets, file), "utf8");
    for (const [name] of source.matchAll(/[\w.-]+\.js/g)) visit(name);
  };
  for (const url of start) visit(path.basename(url));
  return [...seen];
}
