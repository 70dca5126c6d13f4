// Where the test suite keeps what it makes once (the drawn sample photos, the migrated PGlite
// template, the Zopfli sizes of the scripts): outside the clone, in the user's cache folder, as
// npm keeps its packages, so a fresh clone of unchanged code pays for none of them again. Each
// result sits under a key made from the content of its inputs, so one made by another clone at
// another commit is never taken for this one. TEST_CACHE_DIR puts it elsewhere.
import os from "node:os";
import path from "node:path";

export const CACHE_DIR = process.env.TEST_CACHE_DIR
  ? path.resolve(process.env.TEST_CACHE_DIR)
  : path.join(
      process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
      "kitenge-shop-tests",
    );
