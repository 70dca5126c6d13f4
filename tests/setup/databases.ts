import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { tempDir } from "./temp-dir";

/**
 * The databases an integration file runs its cases on: `databases` (PGlite) unless the file's
 * subject differs between the engines, then `bothDatabases` (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set). Under CI the PostgreSQL cases are required, so a missing server fails
 * the run instead of silently skipping them.
 */
export type TestDatabase = {
  name: string;
  open(): Promise<DatabaseHandle & { dispose(): Promise<void> }>;
  /**
   * A new database for shop processes the test starts: the settings that point a process at it,
   * and `open()` for the test's own look (on PGlite only while no process has it open).
   */
  place(): Promise<DatabasePlace>;
};

export type DatabasePlace = {
  env: { DATA_DIR: string; DATABASE_URL?: string };
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
};

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && !testDatabaseUrl) {
  throw new Error("CI must run the PostgreSQL cases: set TEST_DATABASE_URL.");
}

/**
 * A data folder holding the migrated template (database-templates.ts): opening it only checks
 * that every migration is there.
 */
function migratedFolder(prefix: string) {
  const dir = tempDir(prefix);
  fs.cpSync(path.join(inject("pgliteTemplate"), "db"), path.join(dir, "db"), { recursive: true });
  return dir;
}

const pglite: TestDatabase = {
  name: "PGlite",
  async open() {
    const dir = migratedFolder("pglite");
    const handle = await openDatabase({ dataDir: dir });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  async place() {
    const dir = migratedFolder("pglite-place");
    return {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      async dispose() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/**
 * A throwaway database on the test server, created for one suite (a copy of the migrated
 * template) and dropped after it.
 */
let made = 0;
async function createDatabase(url: string) {
  const name = `shop_test_${process.pid}_${Date.now().toString(36)}_${made++}`;
  const template = inject("postgresTemplate");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const postgres = (url: string): TestDatabase => ({
  name: "PostgreSQL",
  async place() {
    const created = await createDatabase(url);
    const dir = tempDir("postgres-place");
    return {
      env: { DATA_DIR: dir, DATABASE_URL: created.url },
      open: () => openDatabase({ databaseUrl: created.url, dataDir: os.tmpdir() }),
      async dispose() {
        await created.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  async open() {
    const created = await createDatabase(url);
    // With a URL the data folder is never used.
    const handle = await openDatabase({ databaseUrl: created.url, dataDir: os.tmpdir() });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        await created.drop();
      },
    };
  },
});

const postgresDatabases = testDatabaseUrl ? [postgres(testDatabaseUrl)] : [];

/**
 * PGlite and PostgreSQL, for the subjects where the engines differ: locks, pools, notifications,
 * jobs, backups, throttles, work at once (rushes, races, several processes) and connection loss.
 * PGlite is one connection in one process; PostgreSQL serves many at once.
 */
export const bothDatabases: TestDatabase[] = [pglite, ...postgresDatabases];

/**
 * PGlite alone, for everything else: it is PostgreSQL's own code (the same SQL, planner,
 * constraints and pg_trgm), so a second engine would check the shop's logic twice.
 * TEST_ALL_DATABASES=1 runs these on both as well.
 */
export const databases: TestDatabase[] =
  process.env.TEST_ALL_DATABASES === "1" ? bothDatabases : [pglite];
