// `npm run test:changed`: the checks a change touches, for the loop between two commits. The
// change is what differs from where this branch left main (`git merge-base HEAD main`), committed
// or not, new files included (`-- --base=<ref>` for another starting point). Runs lint on the
// changed files, the type check when a TypeScript file changed (`--no-types` leaves it out), and
// the unit and integration tests that import a changed file or are one (`vitest related`). The
// browser specs named for a changed file are listed with the command that runs them: they need a
// build. `npm test` stays the whole suite.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const baseArg = args.find((a) => a.startsWith("--base="))?.slice("--base=".length);
const git = (...gitArgs) =>
  spawnSync("git", gitArgs, { encoding: "utf8" }).stdout.split("\n").filter(Boolean);

const base = baseArg ?? git("merge-base", "HEAD", "main")[0] ?? "HEAD";
const changed = [
  ...new Set([
    ...git("diff", "--name-only", base, "HEAD"),
    ...git("diff", "--name-only", "HEAD"),
    ...git("ls-files", "--others", "--exclude-standard"),
  ]),
]
  .filter((f) => fs.existsSync(f))
  .sort();

if (changed.length === 0) {
  console.log(`Nothing changed since ${base.slice(0, 12)}.`);
  process.exit(0);
}
console.log(
  `${changed.length} files changed since ${base.slice(0, 12)}:\n  ${changed.join("\n  ")}`,
);

const results = [];
const step = (name, command, commandArgs, env = {}) => {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status } = spawnSync(command, commandArgs, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  results.push({ name, seconds: (Date.now() - started) / 1000, passed: status === 0 });
};

const LINTED = /\.(ts|tsx|js|mjs|cjs|jsx|json|jsonc)$/;
const lintable = changed.filter((f) => LINTED.test(f) && !f.startsWith("app/db/migrations/"));
if (lintable.length) step("lint", "biome", ["check", "--no-errors-on-unmatched", ...lintable]);

const typescript = changed.some((f) => /\.tsx?$/.test(f));
if (typescript && !args.includes("--no-types"))
  step("types", "npm", ["run", "--silent", "typecheck"]);

// Source the tests can import: vitest follows each file's importers to the tests.
const sources = changed.filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !f.startsWith("tests/e2e/"));
if (sources.length) {
  // The integration seeds find the sample photos drawn, and drawn from this code (a second when
  // the test cache folder holds them).
  step("sample images", "tsx", ["tests/setup/draw-sample-images.ts"]);
  step("unit and integration tests that import a changed file", "vitest", [
    "related",
    "--run",
    "--passWithNoTests",
    "--project",
    "unit",
    "--project",
    "integration",
    "--project",
    "integration-processes",
    ...sources,
  ]);
}

// Browser specs are named for what they check: a spec changed, or one whose name is a changed file's.
const specs = fs.existsSync("tests/e2e")
  ? fs.readdirSync("tests/e2e").filter((f) => f.endsWith(".spec.ts"))
  : [];
const stems = new Set(changed.map((f) => path.basename(f).replace(/(\.server)?\.(tsx?|js)$/, "")));
const touched = specs.filter(
  (spec) => changed.includes(`tests/e2e/${spec}`) || stems.has(spec.replace(/\.spec\.ts$/, "")),
);

console.log(`\n${"Step".padEnd(56)}${"min".padStart(6)}  result`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(56)}${(r.seconds / 60).toFixed(1).padStart(6)}  ${r.passed ? "passed" : "failed"}`,
  );
}
if (touched.length) {
  console.log(
    `\nBrowser specs for this change (they need \`npm run build\` first):\n  npx playwright test ${touched.map((s) => `tests/e2e/${s}`).join(" ")}`,
  );
}
process.exit(results.every((r) => r.passed) ? 0 : 1);
