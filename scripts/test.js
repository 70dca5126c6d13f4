// `npm test`: the whole suite in order (lint, import graph, types, unit, integration on PGlite and
// PostgreSQL, build with its size budget, browser tests in Chromium), then one closing line with
// the totals.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Outside test-results/, which Playwright empties when it starts.
const reports = path.resolve(".test-reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const steps = [
  ["lint", "biome", ["check", "."]],
  ["dependencies", "npm", ["run", "--silent", "check:deps"]],
  ["types", "npm", ["run", "--silent", "typecheck"]],
  ...["unit", "integration"].map((project) => [
    project,
    "vitest",
    [
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reports}/${project}.json`,
    ],
  ]),
  ["build", "npm", ["run", "--silent", "build"]],
  [
    "browser",
    "playwright",
    ["test", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/browser.json` },
  ],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the integration cases run on PGlite only.");
}
// The browser suite's servers (the shop's and the back office's) get fresh databases each run;
// generated sample images are kept.
fs.rmSync(".e2e-data/db", { recursive: true, force: true });
fs.rmSync(".e2e-data/back-office/db", { recursive: true, force: true });

let failedStep = null;
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(reports, file), "utf8"));
  } catch {
    return null;
  }
};
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ["unit.json", "integration.json"]) {
  const r = read(file);
  if (r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
}
const browser = read("browser.json");
if (browser) {
  passed += browser.stats.expected + browser.stats.flaky;
  failed += browser.stats.unexpected;
  skipped += browser.stats.skipped;
}
if (failedStep) console.log(`\nThe ${failedStep} step failed.`);
console.log(
  `\n${passed} passed, ${failedStep && failed === 0 ? 1 : failed} failed, ${skipped} skipped`,
);
process.exit(failedStep ? 1 : 0);
