// `npm test`: the whole suite (lint, import graph, types, unit, the build with its size budget and
// the sample images side by side; integration on PGlite and PostgreSQL, the files that start
// processes beside the others; the browser tests in Chromium beside the production install from
// that build), then a table of the steps and their minutes, the slowest browser tests, the busy
// CPU, and one closing line with the totals.
// `npm test -- --no-smoke` leaves out the production install (it needs npm's registry).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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

/**
 * The stages, in order; the steps of one stage run side by side (on two cores, a step that mostly
 * waits, such as a test that starts processes or the production install, costs the others
 * little). Running everything at once was tried: the suite is bound by CPU, so it gained nothing
 * and made timing-sensitive cases fail. One step of a stage may stream its output; the others'
 * is printed when each ends.
 */
const smoke = !process.argv.includes("--no-smoke");
const stages = [
  [
    { name: "lint", run: ["biome", ["check", "."]] },
    { name: "imports", run: ["npm", ["run", "--silent", "check:deps"]] },
    { name: "types", run: ["npm", ["run", "--silent", "typecheck"]] },
    { name: "unit", run: vitest("unit") },
    { name: "build", run: ["npm", ["run", "--silent", "build"]] },
    // The integration and browser suites seed the sample catalogue: its images are drawn once.
    { name: "sample images", run: ["tsx", ["tests/setup/draw-sample-images.ts"]] },
  ],
  [
    { name: "integration", run: vitest("integration"), stream: true },
    // Mostly waiting for the shop processes they start: beside the others, not after them.
    { name: "integration (processes)", run: vitest("integration-processes") },
  ],
  [
    {
      name: "browser",
      run: ["playwright", ["test", "--reporter=list,json"]],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/browser.json` },
      stream: true,
    },
    // The production install from the build made above, while the browser tests run.
    ...(smoke
      ? [
          {
            // Then the deploy paths as docs/deployment.md writes them (the systemd steps, the
            // image's runtime, compose.yaml): one after the other, beside the browser tests.
            name: "production smoke test",
            run: [
              "bash",
              [
                "-c",
                "bash scripts/production-smoke.sh --reuse-build && bash scripts/check-deploy.sh --reuse-build",
              ],
            ],
          },
        ]
      : []),
  ],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the integration cases run on PGlite only.");
}
// The browser suite's servers (the shop's and the back office's) get fresh databases each run;
// generated sample images are kept.
fs.rmSync(".e2e-data/db", { recursive: true, force: true });
fs.rmSync(".e2e-data/back-office/db", { recursive: true, force: true });

/** Runs a step; resolves with its exit code. Unless it streams, its output waits until it ends. */
function run({ name, run: [command, args], env = {}, stream = false }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: stream ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    if (!stream) {
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
    }
    child.on("close", (code) => {
      if (!stream) process.stdout.write(`\n--- ${name} ---\n${output}`);
      resolve(code ?? 1);
    });
  });
}

/** CPU-seconds both cores spent busy so far (Linux; null elsewhere): how bound by CPU the run is. */
function busyCpuSeconds() {
  try {
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

/**
 * What each failed browser test's page showed when it failed (Playwright's snapshot of it), cut
 * short: a failure seen once in CI can then be read without its trace.
 */
function printFailedPages() {
  const results = "test-results";
  const dirs = fs.existsSync(results) ? fs.readdirSync(results) : [];
  for (const dir of dirs.slice(0, 4)) {
    const file = path.join(results, dir, "error-context.md");
    if (!fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    const page = lines.slice(lines.findIndex((l) => l.startsWith("```")) + 1).slice(0, 40);
    console.log(`\nThe page of ${dir} when it failed:\n${page.join("\n")}`);
  }
}

const started = Date.now();
const busyAtStart = busyCpuSeconds();
const timings = [];
let failedStep = null;
for (const stage of stages) {
  console.log(`\n=== ${stage.map((step) => step.name).join(", ")} ===`);
  const codes = await Promise.all(
    stage.map(async (step) => {
      const started = Date.now();
      const code = await run(step);
      timings.push({ name: step.name, seconds: (Date.now() - started) / 1000 });
      if (code !== 0) failedStep ??= step.name;
      return code;
    }),
  );
  if (codes.some((code) => code !== 0)) break;
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
const installed = Number.isFinite(install) ? [{ name: "install", seconds: install }] : [];
printStageTable({
  timings: [...installed, ...timings],
  totalSeconds: (Date.now() - started) / 1000 + (installed[0]?.seconds ?? 0),
  integration: vitestReports.slice(1).filter(Boolean),
  browser,
});
if (busyAtStart !== null) {
  const busy = busyCpuSeconds() - busyAtStart;
  const share = busy / (((Date.now() - started) / 1000) * os.availableParallelism());
  console.log(
    `\nBusy CPU: ${Math.round(busy)} CPU-seconds (${Math.round(share * 100)}% of the cores).`,
  );
}
if (failedStep === "browser") printFailedPages();
if (failedStep) console.log(`\nThe ${failedStep} step failed.`);
console.log(
  `\n${passed} passed, ${failedStep && failed === 0 ? 1 : failed} failed, ${skipped} skipped`,
);
process.exit(failedStep ? 1 : 0);
