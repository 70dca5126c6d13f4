// Draws the sample catalogue's images before the integration and browser suites start side by
// side: both seed the sample catalogue, and each finds the images already drawn. They are kept
// in the test cache folder (scripts/cache-dir.js) by the content of what draws them (the drawing
// code and everything it imports, sharp's and libvips' versions), so a later run copies them in a
// second instead of drawing them again, and a change to any of those draws them anew.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { drawSampleImages } from "~/flows/seed-sample-catalogue.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { cached, contentKey } from "./content-key";
import { SAMPLE_MEDIA_DIR } from "./sample-media";

const { key } = contentKey({
  entries: [import.meta.filename],
  extra: [JSON.stringify(sharp.versions)],
});
const marker = path.join(SAMPLE_MEDIA_DIR, ".sample-images-key");
const current = fs.existsSync(marker) ? fs.readFileSync(marker, "utf8") : null;

if (current !== key) {
  const { dir, hit } = await cached("sample-images", key, (into) =>
    drawSampleImages(new DiskStorage(into)),
  );
  // Images drawn from other inputs would be kept by their product's key: replaced whole.
  fs.rmSync(SAMPLE_MEDIA_DIR, { recursive: true, force: true });
  fs.cpSync(dir, SAMPLE_MEDIA_DIR, { recursive: true });
  fs.writeFileSync(marker, key);
  console.log(`Sample images ${hit ? "copied from the cache" : "drawn"} (key ${key}).`);
} else {
  console.log(`Sample images up to date (key ${key}).`);
}
