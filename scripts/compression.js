// How the client build is compressed. The production build writes Brotli at quality 11 and gzip
// with Zopfli (15 iterations): the smallest files, paid once at build (decision 40). The test
// build (BUILD_COMPRESSION=fast, set by `npm test`) writes them at fast levels instead: its
// browsers are on the same machine. The JavaScript budget is always counted in Zopfli's bytes.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { CACHE_DIR } from "./cache-dir.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const fast = process.env.BUILD_COMPRESSION === "fast";
/** What the build wrote, read back by scripts/check-js-budget.js. */
export const RECORD = "build/compression.json";
export const ZOPFLI = "zopfli, 15 iterations";

/** The gzip served to browsers without Brotli, and counted by the budget. */
export const zopfli = (source) => gzipAsync(source, { numiterations: 15 });

/** The Brotli and gzip copies of `source`, at the strength this build asks for. */
export async function compress(source) {
  const quality = fast ? 5 : 11;
  return Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
    fast ? gzip(source, { level: 6 }) : zopfli(source),
  ]);
}

export const written = () => ({
  brotli: fast ? "quality 5" : "quality 11",
  gzip: fast ? "zlib, level 6" : ZOPFLI,
});

const SIZES = path.join(CACHE_DIR, "zopfli-sizes.json");

/**
 * Zopfli's size of each file, as the production build would write it: read from the .gz files when
 * the build wrote Zopfli, else compressed here (kept in the test cache folder by the file's hash,
 * so a test build of unchanged code pays for it once).
 */
export async function zopfliSizes(files) {
  const record = fs.existsSync(RECORD) ? JSON.parse(fs.readFileSync(RECORD, "utf8")) : null;
  if (record?.gzip === ZOPFLI) {
    return new Map(files.map((f) => [f, fs.statSync(`${f}.gz`).size]));
  }
  const kept = fs.existsSync(SIZES) ? JSON.parse(fs.readFileSync(SIZES, "utf8")) : {};
  const sizes = new Map();
  const now = {};
  for (const file of files) {
    const source = fs.readFileSync(file);
    const hash = crypto.createHash("sha256").update(source).digest("hex");
    now[hash] = kept[hash] ?? (await zopfli(source)).byteLength;
    sizes.set(file, now[hash]);
  }
  // Written whole, then renamed: two builds at once never leave half a file. Kept sizes of other
  // files stay (other clones' scripts), up to a bound.
  const all = Object.entries({ ...kept, ...now }).slice(-2000);
  fs.mkdirSync(path.dirname(SIZES), { recursive: true });
  const temporary = `${SIZES}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(Object.fromEntries(all)));
  fs.renameSync(temporary, SIZES);
  return sizes;
}
