// `npm run test:flaky [-- PLAYWRIGHT ARGS]`: runs the browser suite (or the specs and projects
// given, e.g. `-- tests/e2e/checkout.spec.ts --project phone`) three times over, each test
// repeated in place (`--repeat-each=3`, or `--repeat-each=N` given), then reports the failure rate
// and each test that failed in some runs but not all (flaky) or in every run (broken). Exits 1
// when any run failed: a flaky test is a bug.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const repeat = args.some((a) => a.startsWith("--repeat-each")) ? [] : ["--repeat-each=3"];
const report = path.resolve(".test-reports", "flakiness.json");
fs.mkdirSync(path.dirname(report), { recursive: true });

// No retries: each run counts once.
spawnSync("playwright", ["test", ...repeat, "--retries=0", "--reporter=dot,json", ...args], {
  stdio: "inherit",
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
});

const results = JSON.parse(fs.readFileSync(report, "utf8"));
/** Runs of each test (project and title), passed or not. */
const runs = new Map();
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const name = `[${test.projectName}] ${[spec.file, ...titles, spec.title].join(" › ")}`;
      const seen = runs.get(name) ?? { passed: 0, failed: 0 };
      for (const result of test.results ?? []) {
        if (result.status === "skipped") continue;
        if (result.status === "passed") seen.passed++;
        else seen.failed++;
      }
      runs.set(name, seen);
    }
  }
  for (const child of suite.suites ?? []) {
    walk(child, child.title && !child.title.endsWith(".ts") ? [...titles, child.title] : titles);
  }
};
for (const suite of results.suites ?? []) walk(suite, []);

let total = 0;
let failures = 0;
const flaky = [];
const broken = [];
for (const [name, { passed, failed }] of runs) {
  total += passed + failed;
  failures += failed;
  if (failed && passed) flaky.push(`${name} (${failed} of ${passed + failed} runs failed)`);
  if (failed && !passed) broken.push(name);
}
const rate = total ? ((failures / total) * 100).toFixed(2) : "0.00";
console.log(`\nFailure rate: ${failures} of ${total} runs (${rate}%) over ${runs.size} tests.`);
if (flaky.length) console.log(`\nFlaky (failed in some runs):\n  ${flaky.join("\n  ")}`);
if (broken.length) console.log(`\nFailed in every run:\n  ${broken.join("\n  ")}`);
process.exit(failures ? 1 : 0);
