// A key for what the test suite makes once and keeps in its cache folder (scripts/cache-dir.js:
// the drawn sample photos, the migrated template database): a hash of everything that makes it.
// The source files an entry imports, followed through the whole local import graph (so a moved or
// renamed file is still found), the folders the code reads at run time, and the versions of the
// packages it imports.
// Any change to an input changes the key, so a kept result is never stale.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CACHE_DIR } from "../../scripts/cache-dir.js";

const root = path.resolve(import.meta.dirname, "../..");

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx", "/index.js"];

function resolveLocal(from: string, specifier: string) {
  const base = specifier.startsWith("~/")
    ? path.join(root, "app", specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** The package a bare specifier names: `sharp`, `@scope/name`. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

function packageVersion(name: string): string {
  try {
    const require = createRequire(path.join(root, "package.json"));
    return require(`${name}/package.json`).version;
  } catch {
    // Packages without an exported package.json: read it from node_modules.
    const file = path.join(root, "node_modules", name, "package.json");
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).version : "missing";
  }
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  if (fs.statSync(dir).isFile()) return [dir];
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => fs.statSync(f).isFile())
    .sort();
}

/**
 * The key of what `entries` (source files) make from `folders` (read at run time) and `extra`
 * (anything else that matters, such as a native library's version). Also answers the inputs it
 * hashed, for a message on a miss.
 */
export function contentKey({
  entries = [],
  folders = [],
  extra = [],
}: {
  entries?: string[];
  folders?: string[];
  extra?: string[];
}) {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((e) => path.resolve(root, e));
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith("node:")) continue;
      if (specifier.startsWith(".") || specifier.startsWith("~/")) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
      } else {
        packages.add(packageOf(specifier));
      }
    }
  }
  const hash = crypto.createHash("sha256");
  const inputs = [...seen, ...folders.flatMap((d) => filesUnder(path.resolve(root, d)))].sort();
  for (const file of inputs) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(fs.readFileSync(file));
  }
  for (const name of [...packages].sort()) hash.update(`${name}@${packageVersion(name)}\0`);
  for (const value of extra) hash.update(`${value}\0`);
  hash.update(`node ${process.versions.node}\0`);
  return { key: hash.digest("hex").slice(0, 16), files: inputs.length, packages: packages.size };
}

/** Results unused this long are removed: clones at other commits may still need theirs. */
const KEEP_UNUSED_MS = 7 * 24 * 3600 * 1000;

/**
 * `<cache>/<kind>/<key>`, made by `make(dir)` into a temporary folder and renamed into place only
 * once complete, so an interrupted or concurrent run never leaves half a result under the key.
 * Other keys of the same kind unused for a week are removed. Answers the folder and whether it
 * was kept from before.
 */
export async function cached(
  kind: string,
  key: string,
  make: (dir: string) => Promise<unknown>,
): Promise<{ dir: string; hit: boolean }> {
  const dir = path.join(CACHE_DIR, kind, key);
  if (fs.existsSync(dir)) {
    const now = new Date();
    fs.utimesSync(dir, now, now);
    return { dir, hit: true };
  }
  const temporary = `${dir}.${process.pid}.${Date.now().toString(36)}.tmp`;
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.mkdirSync(temporary, { recursive: true });
  try {
    await make(temporary);
    fs.renameSync(temporary, dir);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    // Another run put the same result in place first: theirs is as good.
    if (!fs.existsSync(dir)) throw error;
  }
  for (const other of fs.readdirSync(path.dirname(dir))) {
    const folder = path.join(path.dirname(dir), other);
    // Another run may remove the same folder first.
    const stat = fs.statSync(folder, { throwIfNoEntry: false });
    const unused = stat !== undefined && Date.now() - stat.mtimeMs > KEEP_UNUSED_MS;
    if (other !== key && unused) fs.rmSync(folder, { recursive: true, force: true });
  }
  return { dir, hit: false };
}
