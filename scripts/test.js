// `npm test`: the whole suite (lint, import graph, types, unit, the build with its size budget,
// the sample images; integration on PGlite, and on PostgreSQL where the engines differ, the files
// that start processes beside the others; the browser tests in Chromium beside the production
// install from that build), then a table of the steps (when each started, its minutes, its
// result), the slowest browser tests, the busy CPU, and one closing line with the totals.
// `npm test -- --no-smoke` leaves out the production install (it needs npm's registry);
// `--skip=browser,unit` leaves out the steps named (and those that need them).
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
 * The steps, each started as soon as the steps it needs have passed and there is room: a step
 * weighs what it asks of the two cores (0 for the few seconds of lint and the import graph, 2 for
 * a suite that runs two workers), and the steps running at once weigh at most TEST_CAPACITY (4 unless
 * set). The suites whose cases time what they do (integration, browser) never run beside each
 * other: the suite is bound by CPU, so that gained nothing and made timing-sensitive cases fail
 * when it was tried. Steps are started in this order of preference, the longest chain first.
 */
const smoke = !process.argv.includes("--no-smoke");
const skip = new Set(
  process.argv
    .filter((a) => a.startsWith("--skip="))
    .flatMap((a) => a.slice("--skip=".length).split(","))
    .map((name) => name.trim()),
);
if (!smoke) skip.add("production smoke test");
const capacity = Number(process.env.TEST_CAPACITY) || 4;
const allSteps = [
  // The test build compresses at a fast level; the budget is measured the same way either way.
  {
    name: "build",
    run: ["npm", ["run", "--silent", "build"]],
    env: { BUILD_COMPRESSION: "fast" },
    weight: 1,
  },
  // The integration and browser suites seed the sample catalogue: its images are drawn once, and
  // kept in the test cache folder (scripts/cache-dir.js) by the content of what draws them.
  { name: "sample images", run: ["tsx", ["tests/setup/draw-sample-images.ts"]], weight: 1 },
  {
    name: "browser",
    needs: ["build", "sample images"],
    run: ["playwright", ["test", "--reporter=list,json"]],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/browser.json` },
    stream: true,
    weight: 2,
    timed: true,
  },
  {
    name: "integration",
    needs: ["sample images"],
    run: vitest("integration"),
    stream: true,
    weight: 2,
    timed: true,
  },
  // Mostly waiting for the shop processes they start: beside the others, not after them.
  {
    name: "integration (processes)",
    needs: ["sample images"],
    run: vitest("integration-processes"),
    weight: 1,
  },
  { name: "types", run: ["npm", ["run", "--silent", "typecheck"]], weight: 1 },
  { name: "unit", run: vitest("unit"), weight: 1 },
  { name: "lint", run: ["biome", ["check", "."]], weight: 0 },
  { name: "imports", run: ["npm", ["run", "--silent", "check:deps"]], weight: 0 },
  {
    // The production install from the build made above, then the deploy paths as
    // docs/deployment.md writes them (the systemd steps, the image's runtime, compose.yaml).
    // Beside the browser suite (both wait only for the build): it mostly waits for npm and for
    // the servers it starts, so it takes little from the browser's CPU.
    name: "production smoke test",
    needs: ["build"],
    run: [
      "bash",
      [
        "-c",
        // One production install for both (the same files, the same command).
        'bash scripts/production-smoke.sh --reuse-build && bash scripts/check-deploy.sh --reuse-build; s=$?; rm -rf "$PRODUCTION_INSTALL"; exit $s',
      ],
    ],
    env: { PRODUCTION_INSTALL: path.join(os.tmpdir(), `shop-production-install-${process.pid}`) },
    weight: 1,
  },
];
const unknown = [...skip].filter((name) => !allSteps.some((step) => step.name === name));
if (unknown.length) {
  console.error(
    `No step named ${unknown.join(", ")}: the steps are ${allSteps.map((s) => s.name).join(", ")}.`,
  );
  process.exit(2);
}
// A step left out takes those that need it along.
const leftOut = (step) =>
  skip.has(step.name) ||
  (step.needs ?? []).some((name) => leftOut(allSteps.find((s) => s.name === name)));
const steps = allSteps.filter((step) => !leftOut(step));

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "TEST_DATABASE_URL is not set: the integration cases where the engines differ run on PGlite only.",
  );
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
await schedule();

/** Runs the steps by their dependencies and weights; resolves when none is left to start. */
function schedule() {
  const waiting = [...steps];
  const running = new Set();
  const passed = new Set();
  let streaming = false;
  return new Promise((resolve) => {
    const next = () => {
      if (!failedStep) {
        for (const step of [...waiting]) {
          const used = [...running].reduce((sum, r) => sum + r.weight, 0);
          const ready = (step.needs ?? []).every((name) => passed.has(name));
          const fits = used + step.weight <= capacity || running.size === 0;
          const timedBusy = step.timed && [...running].some((r) => r.timed);
          if (!ready || !fits || timedBusy) continue;
          waiting.splice(waiting.indexOf(step), 1);
          running.add(step);
          // One step streams its output at a time; the others' is printed when each ends.
          const stream = step.stream && !streaming;
          if (stream) streaming = true;
          const at = (Date.now() - started) / 1000;
          console.log(`\n=== ${step.name} (at ${(at / 60).toFixed(1)} min) ===`);
          run({ ...step, stream }).then((code) => {
            timings.push({
              name: step.name,
              start: at,
              seconds: (Date.now() - started) / 1000 - at,
              result: code === 0 ? "passed" : "failed",
            });
            running.delete(step);
            if (stream) streaming = false;
            if (code === 0) passed.add(step.name);
            else failedStep ??= step.name;
            next();
          });
        }
      }
      if (running.size === 0) {
        // What a failure kept from starting is in the table too.
        for (const step of waiting) timings.push({ name: step.name, result: "not run" });
        resolve();
      }
    };
    next();
  });
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
  // A test that passed only on its retry is counted failed: the run fails on it (a flaky test is
  // a bug), and its retry's trace is kept under test-results/.
  passed += browser.stats.expected;
  failed += browser.stats.unexpected + browser.stats.flaky;
  skipped += browser.stats.skipped;
}
const install = Number(process.env.CI_INSTALL_SECONDS);
const installed = Number.isFinite(install)
  ? [{ name: "install", seconds: install, result: "passed" }]
  : [];
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
