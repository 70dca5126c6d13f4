import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A fresh folder under the system's temporary directory, named for what it holds. */
export const tempDir = (prefix: string) =>
  fs.mkdtempSync(path.join(os.tmpdir(), `shop-${prefix}-`));
