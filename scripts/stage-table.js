// The closing table of `npm test`: each step's start and wall-clock minutes (steps run side by
// side, so they add up to more than the total) and its result, the integration cases' time on each database and
// the browser tests' time in each project (summed case time: cases also run side by side), the
// whole run's wall-clock minutes, then the ten slowest browser tests.

const minutes = (seconds) => (seconds === undefined ? "-" : (seconds / 60).toFixed(1)).padStart(6);
const row = (label, seconds, note = "") =>
  console.log(`${label.padEnd(34)}${"".padStart(6)}${minutes(seconds)}${note ? `  ${note}` : ""}`);

/** Summed case seconds of Vitest JSON reports, by the database a case's describe names. */
function integrationByDatabase(reports) {
  const sums = new Map();
  for (const report of reports) {
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        const where = test.ancestorTitles.join(" ").match(/\bon (PGlite|PostgreSQL)\b/)?.[1];
        const key = where ?? "either database";
        sums.set(key, (sums.get(key) ?? 0) + (test.duration ?? 0) / 1000);
      }
    }
  }
  return sums;
}

/** Every browser test of a Playwright JSON report: its project, title and seconds. */
function browserTests(report) {
  const tests = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((s, r) => s + (r.duration ?? 0), 0) / 1000;
        tests.push({
          project: test.projectName,
          title: [spec.file, ...titles, spec.title].join(" › "),
          seconds,
        });
      }
    }
    for (const child of suite.suites ?? []) {
      walk(child, suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles);
    }
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return tests;
}

export function printStageTable({ timings, totalSeconds, integration, browser }) {
  console.log(`\n${"Step".padEnd(34)}${"start".padStart(6)}${"min".padStart(6)}  result`);
  for (const { name, start, seconds, result } of timings) {
    console.log(`${name.padEnd(34)}${minutes(start)}${minutes(seconds)}  ${result}`);
    if (name === "integration") {
      for (const [where, sum] of integrationByDatabase(integration)) {
        row(`  cases on ${where}`, sum, "summed case time");
      }
    }
    if (name === "browser" && browser) {
      const byProject = new Map();
      for (const t of browserTests(browser)) {
        byProject.set(t.project, (byProject.get(t.project) ?? 0) + t.seconds);
      }
      for (const [project, sum] of byProject) row(`  project ${project}`, sum, "summed test time");
    }
  }
  row("total, wall clock", totalSeconds);

  const slowest = browserTests(browser)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (slowest.length) {
    console.log("\nSlowest browser tests:");
    for (const t of slowest) {
      console.log(`${t.seconds.toFixed(1).padStart(6)} s  [${t.project}] ${t.title}`);
    }
  }
}
