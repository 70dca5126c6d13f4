// `npm test`: the whole suite in order (lint, import graph and types side by side; unit;
// integration on PGlite and PostgreSQL; build with its size budget; browser tests in Chromium;
// the production install from that build), then a table of the stages and their minutes, the
// slowest browser tests, and one closing line with the totals.
// `npm test -- --no-smoke` leaves out the production install (it needs npm's registry).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { printStageTable } from "./stage-table.js";

// Outside test-results/, which Playwright empties when it starts.
const reports = path.resolve(".test-reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const vitest = (project) => [
  "vitest",
  [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reports}/${project}.json`,
  ],
];

/** Each stage is one command, or several run side by side (their output printed as each ends). */
const stages = [
  {
    name: "lint, imports, types",
    side: [
      ["lint", "biome", ["check", "."]],
      ["imports", "npm", ["run", "--silent", "check:deps"]],
      ["types", "npm", ["run", "--silent", "typecheck"]],
    ],
  },
  { name: "unit", run: vitest("unit") },
  { name: "integration", run: vitest("integration") },
  { name: "integration (processes)", run: vitest("integration-processes") },
  { name: "build", run: ["npm", ["run", "--silent", "build"]] },
  {
    name: "browser",
    run: ["playwright", ["test", "--reporter=list,json"]],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/browser.json` },
  },
  ...(process.argv.includes("--no-smoke")
    ? []
    : [
        {
          name: "production smoke test",
          run: ["bash", ["scripts/production-smoke.sh", "--reuse-build"]],
        },
      ]),
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the integration cases run on PGlite only.");
}
// The browser suite's servers (the shop's and the back office's) get fresh databases each run;
// generated sample images are kept.
fs.rmSync(".e2e-data/db", { recursive: true, force: true });
fs.rmSync(".e2e-data/back-office/db", { recursive: true, force: true });

/** Runs a command; resolves with its exit code. `quiet` keeps its output until it ends. */
function run([command, args], { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
    }
    child.on("close", (code) => {
      if (quiet) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });
}

const timings = [];
let failedStep = null;
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const codes = stage.side
    ? await Promise.all(
        stage.side.map(async ([name, command, args]) => {
          const code = await run([command, args], { quiet: true });
          if (code !== 0) console.log(`--- ${name} failed`);
          return code;
        }),
      )
    : [await run(stage.run, { env: stage.env })];
  timings.push({ name: stage.name, seconds: (Date.now() - started) / 1000 });
  if (codes.some((code) => code !== 0)) {
    failedStep = stage.name;
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
const vitestReports = ["unit", "integration", "integration-processes"].map((p) =>
  read(`${p}.json`),
);
for (const r of vitestReports) {
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
const install = Number(process.env.CI_INSTALL_SECONDS);
printStageTable({
  timings: Number.isFinite(install) ? [{ name: "install", seconds: install }, ...timings] : timings,
  integration: vitestReports.slice(1).filter(Boolean),
  browser,
});
if (failedStep) console.log(`\nThe ${failedStep} step failed.`);
console.log(
  `\n${passed} passed, ${failedStep && failed === 0 ? 1 : failed} failed, ${skipped} skipped`,
);
process.exit(failedStep ? 1 : 0);
