import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { tempDir } from "./temp-dir";

/**
 * The databases every integration case runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL
 * is set. Under CI the PostgreSQL cases are required, so a missing server fails the run instead
 * of silently skipping half the suite.
 */
export type TestDatabase = {
  name: string;
  open(): Promise<DatabaseHandle & { dispose(): Promise<void> }>;
};

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && !testDatabaseUrl) {
  throw new Error("CI must run the PostgreSQL cases: set TEST_DATABASE_URL.");
}

const pglite: TestDatabase = {
  name: "PGlite",
  async open() {
    const dir = tempDir("pglite");
    const handle = await openDatabase({ dataDir: dir });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** A throwaway database on the test server, created for one suite and dropped after it. */
const postgres = (url: string): TestDatabase => ({
  name: "PostgreSQL",
  async open() {
    const name = `shop_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    // With a URL the data folder is never used.
    const handle = await openDatabase({ databaseUrl: target.toString(), dataDir: os.tmpdir() });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  },
});

export const databases: TestDatabase[] = [
  pglite,
  ...(testDatabaseUrl ? [postgres(testDatabaseUrl)] : []),
];
