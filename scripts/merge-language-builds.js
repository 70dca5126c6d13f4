// Puts the Kiswahili client build (build/sw, decision 54) beside the English one: its scripts go
// into build/client/assets (a file both builds made alike has the same name and the same bytes),
// its route manifest into build/server/manifest-sw.json for the server to hand out with pages
// under /sw. Its server build is not needed: one server renders both languages.
import fs from "node:fs";
import path from "node:path";
import { routeManifests } from "./route-manifests.js";

const from = "build/sw/client/assets";
const to = "build/client/assets";
const files = fs.readdirSync(from);
let added = 0;
for (const file of files) {
  const target = path.join(to, file);
  if (fs.existsSync(target)) continue;
  fs.copyFileSync(path.join(from, file), target);
  added++;
}

const [manifest] = routeManifests(from);
fs.writeFileSync("build/server/manifest-sw.json", JSON.stringify(manifest));
fs.rmSync("build/sw", { recursive: true });
console.log(`Kiswahili build: ${added} of ${files.length} client files its own.`);
