import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { cached, contentKey } from "./content-key";
import { runSql } from "./run-sql";
import { tempDir } from "./temp-dir";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data folder with every migration applied, to copy per suite. */
    pgliteTemplate: string;
    /** A PostgreSQL database with every migration applied, to create suites' databases from. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once and lets each suite copy the result: a new PGlite folder takes about 5 s to
 * migrate here and 0.5 s to copy; PostgreSQL copies a template database in a fraction of a
 * second. The PGlite folder is kept in the test cache folder (scripts/cache-dir.js) by the content
 * of the migrations and of the code that opens the database (with its packages' versions), so a
 * later run with the same ones skips the 5 s. Run by Vitest before any integration file
 * (globalSetup).
 */
export default async function setup(project: TestProject) {
  const { key } = contentKey({
    entries: [import.meta.filename],
    folders: ["app/db/migrations"],
  });
  const { dir: kept } = await cached("pglite-template", key, async (into) => {
    const pglite = await openDatabase({ dataDir: into });
    await pglite.close();
  });
  project.provide("pgliteTemplate", kept);
  // Only PostgreSQL's migrations need a folder of their own (never used: they have a URL).
  const folder = tempDir("pglite-template");

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `shop_template_${process.pid}_${Date.now().toString(36)}`;
    await runSql(url, `create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const postgres = await openDatabase({ databaseUrl: target.toString(), dataDir: folder });
    await postgres.close();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (url && template) await runSql(url, `drop database if exists ${template} with (force)`);
  };
}
