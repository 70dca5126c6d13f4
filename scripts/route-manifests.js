// React Router's route manifests in a client build's assets folder (`manifest-<version>.js`, one
// per build that wrote there), read as the data they assign to `window.__reactRouterManifest`.
import fs from "node:fs";
import path from "node:path";

export function routeManifests(assets) {
  const manifests = fs
    .readdirSync(assets)
    .filter((f) => /^manifest-.*\.js$/.test(f))
    .map((file) =>
      JSON.parse(
        fs
          .readFileSync(path.join(assets, file), "utf8")
          .replace(/^window\.__reactRouterManifest=/, "")
          .replace(/;\s*$/, ""),
      ),
    );
  if (!manifests.length) throw new Error(`No route manifest in ${assets}: run the build first.`);
  return manifests;
}
