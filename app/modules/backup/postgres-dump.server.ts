import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError } from "./backup-error";

/**
 * pg_dump and pg_restore from PostgreSQL's client tools (Debian: postgresql-client), at least the
 * server's major version. The password goes through the environment, not the command line, so
 * it never shows in a process list.
 */
function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: { ...process.env, PGPASSWORD: password || undefined } };
}

function run(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string) {
  const { url, env } = connection(databaseUrl);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url}`], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => {
      reject(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? new BackupError(
              `${tool} was not found. Install PostgreSQL's client tools, of the server's version or newer (on Debian or Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`));
    });
  });
}

/** A consistent snapshot of the whole database (one transaction), while the shop keeps running. */
export async function dumpPostgres(databaseUrl: string, file: string) {
  await run(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`],
    databaseUrl,
  );
}

/** Whether the database holds any table: a restore refuses to overwrite one without --force. */
export async function postgresHasTables(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(
      `Could not open the PostgreSQL database in DATABASE_URL: ${(error as Error).message}.`,
    );
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/**
 * Empties the database for a forced restore: the shop's tables and its migrations journal go, so
 * a backup older than the schema restores cleanly (pg_restore --clean would leave newer tables).
 */
export async function clearPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw new BackupError(
      `Could not empty the database for the restore: ${(error as Error).message}. Give DATABASE_URL a user that owns the database, or restore into a new, empty database.`,
    );
  } finally {
    await client.end();
  }
}

/** Restores a dump into an empty database in one transaction: all of it or nothing. */
export async function restorePostgres(databaseUrl: string, file: string) {
  await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file],
    databaseUrl,
  );
}
