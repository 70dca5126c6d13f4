// Writes a Brotli (.br, quality 11) and a gzip (.gz, Zopfli) copy beside every text file of the
// client build, which server.js serves to browsers that accept them. Compressed once here, the
// scripts are 14% smaller in Brotli and 3% smaller in gzip than compressing each answer on the fly
// could afford, and no request pays for compressing them (decision 40).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const client = "build/client";
const TEXT = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);

const files = fs
  .readdirSync(client, { recursive: true })
  .map((f) => path.join(client, String(f)))
  .filter((f) => TEXT.test(f) && fs.statSync(f).isFile());

let before = 0;
let after = 0;
for (const file of files) {
  const source = fs.readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
    gzipAsync(source, { numiterations: 15 }),
  ]);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  before += source.byteLength;
  after += br.byteLength;
}
console.log(
  `Compressed ${files.length} files: ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB in Brotli.`,
);
