import path from "node:path";
import { defineConfig } from "vitest/config";

/** Integration files that spawn processes (the shop, npm scripts, a second sender). */
const SPAWNING = [
  "tests/integration/backup.test.ts",
  "tests/integration/import.test.ts",
  "tests/integration/message-processes.test.ts",
  "tests/integration/rush-processes.test.ts",
];

// Unit tests sit beside the code; integration tests run against real databases (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set). Playwright's files are never picked up here.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Expected failures (a refused payment, a lost database) would otherwise fill the output: the
    // shop's logger here, and the shop processes a test starts (their LOG_LEVEL).
    // Property tests are bounded in cases and in time (property-bounds.ts).
    setupFiles: ["tests/setup/quiet-log.ts", "tests/setup/property-bounds.ts"],
    env: { LOG_LEVEL: "silent" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          // Files share a worker's loaded modules instead of each loading the app again (no test
          // mocks a module): the unit suite's CPU went from 37 to 11 seconds (decision 68).
          isolate: false,
          // The property tests run a bounded number of cases, but beside the build and the sample
          // photos on two busy cores one of 150 requests took 6.4 s: vitest's 5 s is a guess, not
          // a measure of anything these tests check.
          testTimeout: 30_000,
          env: { PROPERTY_TIME_LIMIT_MS: "10000" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: SPAWNING,
          globalSetup: ["tests/setup/database-templates.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          env: { PROPERTY_TIME_LIMIT_MS: "120000" },
          // As the unit suite's: each file loaded the app's modules afresh, about half the suite's
          // CPU (397 CPU-s and 233 s with it, 225 and 149 s without; decision 68). Each file opens
          // its own database, so only module state is shared, and no file mocks a module.
          isolate: false,
          // Two files at a time: most of a case is waiting on a database or a socket.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          // Files that start shop processes of their own, or time what they do: one at a time,
          // so they never compete with each other for the two cores.
          name: "integration-processes",
          include: SPAWNING,
          globalSetup: ["tests/setup/database-templates.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
