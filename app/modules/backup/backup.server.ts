import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { createPglite } from "~/db/client.server";
import { acquirePgliteLock, DatabaseLockedError } from "~/db/pglite-lock.server";
import type { Settings } from "~/settings.server";
import { BackupError } from "./backup-error";
import { BACKUP_FOLDER, type BackupManifest, backupFileName, backupManifest } from "./backup-file";
import { requestDatabaseDump } from "./dump-socket.server";
import {
  clearPostgres,
  dumpPostgres,
  postgresHasTables,
  restorePostgres,
} from "./postgres-dump.server";

/**
 * One archive (`.tar.gz`) holds `manifest.json`, the database (`database/pglite.tar.gz`, PGlite's
 * own data-folder tarball, or `database/postgres.dump`, pg_dump's custom format) and, when images
 * are kept on disk, the media folder as `media/`. Images in an S3 bucket are not in it.
 */
const PGLITE_DUMP = "database/pglite.tar.gz";
const POSTGRES_DUMP = "database/postgres.dump";
const LOCK_FILE = "shop.lock";

/** The file to write: the one given, or a timestamped name in the folder given (or `backups/`). */
export function backupTarget(output: string | undefined, now: Date) {
  const given = output ?? `${BACKUP_FOLDER}/`;
  const isFolder =
    given.endsWith("/") || (fs.existsSync(given) && fs.statSync(given).isDirectory());
  return path.resolve(isFolder ? path.join(given, backupFileName(now)) : given);
}

/** Writes PGlite's data folder as a tarball, from the running server when it holds the folder. */
async function dumpPglite(dataDir: string, file: string) {
  const dir = path.join(dataDir, "db");
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) {
    throw new BackupError(`There is no database in ${dir} to back up.`);
  }
  let release: () => void;
  try {
    release = acquirePgliteLock(dir);
  } catch (error) {
    if (error instanceof DatabaseLockedError) return requestDatabaseDump(dataDir, file);
    throw error;
  }
  try {
    const client = await createPglite(dir);
    try {
      const blob = await client.dumpDataDir("gzip");
      fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Takes a backup of the shop as configured (database and local images) while it keeps running,
 * and answers the archive's path. The archive appears whole or not at all.
 */
export async function createBackup(env: Settings, output?: string, now = new Date()) {
  const file = backupTarget(output, now);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(file), ".amani-backup-"));
  const partial = `${file}.partial`;
  try {
    fs.mkdirSync(path.join(staging, "database"));
    const manifest: BackupManifest = {
      format: "amani-shop-backup",
      version: 1,
      createdAt: now.toISOString(),
      database: env.DATABASE_URL ? "postgres" : "pglite",
      media: env.S3_BUCKET ? "in-bucket" : "included",
    };
    if (env.DATABASE_URL) await dumpPostgres(env.DATABASE_URL, path.join(staging, POSTGRES_DUMP));
    else await dumpPglite(env.DATA_DIR, path.join(staging, PGLITE_DUMP));
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    const entries = ["manifest.json", "database"];
    const media = path.join(env.DATA_DIR, "media");
    if (manifest.media === "included" && fs.existsSync(media)) {
      // Packed through a link (followed), so the images are read in place, never copied first.
      fs.symlinkSync(media, path.join(staging, "media"), "dir");
      entries.push("media");
    }
    // The archive holds every customer's details and the shop's secrets (the session key, the
    // IPN registration): readable by its owner only, from its first byte.
    fs.writeFileSync(partial, "", { mode: 0o600 });
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        follow: true,
        portable: true,
        // Half-written uploads (renamed into place when complete) and health-check probes.
        filter: (entry) => !entry.endsWith(".tmp") && !entry.startsWith("media/health/"),
      },
      entries,
    );
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Everything in `dir` but PGlite's lock file; none when it does not exist. */
function contents(dir: string) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name !== LOCK_FILE);
}

function moveContents(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const name of contents(from)) fs.renameSync(path.join(from, name), path.join(to, name));
}

export type RestoreResult = {
  manifest: BackupManifest;
  /** Where the data that was replaced (with --force) was kept, to delete once all is well. */
  keptAside: string[];
};

/**
 * Restores an archive into the configured place: an empty data folder (PGlite) or an empty
 * database (PostgreSQL), plus DATA_DIR/media. Existing data is replaced only with `force`: a data
 * folder and images are then kept aside, never deleted; a PostgreSQL database is emptied first
 * (back it up before). On PGlite the server must be stopped (its lock says so).
 */
export async function restoreBackup(env: Settings, file: string, options: { force: boolean }) {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new BackupError(`There is no backup file at ${file}.`);
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const dbDir = path.join(env.DATA_DIR, "db");
  const mediaDir = path.join(env.DATA_DIR, "media");
  const stamp = backupFileName(new Date()).replace(/^amani-|\.tar\.gz$/g, "");
  let release: (() => void) | undefined;
  const staging = fs.mkdtempSync(path.join(env.DATA_DIR, ".restore-"));
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
    }
    const manifestFile = path.join(staging, "manifest.json");
    let parsed: ReturnType<typeof backupManifest.safeParse> | undefined;
    try {
      parsed = backupManifest.safeParse(JSON.parse(fs.readFileSync(manifestFile, "utf8")));
    } catch {
      // Missing or not JSON: not one of our archives.
    }
    if (!parsed?.success) {
      throw new BackupError(
        `${file} is not a backup of this shop (its manifest is missing or unknown).`,
      );
    }
    const manifest = parsed.data;
    if (manifest.database === "postgres" && !env.DATABASE_URL) {
      throw new BackupError(
        "This backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore it into.",
      );
    }
    if (manifest.database === "pglite" && env.DATABASE_URL) {
      throw new BackupError(
        "This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.",
      );
    }

    // Look before touching anything: refuse to overwrite unless told to.
    const hasMedia = fs.existsSync(path.join(staging, "media"));
    const occupied: string[] = [];
    const postgresInUse = env.DATABASE_URL ? await postgresHasTables(env.DATABASE_URL) : false;
    if (postgresInUse) occupied.push("the database in DATABASE_URL");
    if (!env.DATABASE_URL) {
      fs.mkdirSync(dbDir, { recursive: true });
      release = acquirePgliteLock(dbDir);
      if (contents(dbDir).length > 0) occupied.push(dbDir);
    }
    if (hasMedia && contents(mediaDir).length > 0) occupied.push(mediaDir);
    if (occupied.length > 0 && !options.force) {
      throw new BackupError(
        `Nothing was restored: ${occupied.join(" and ")} already ${occupied.length > 1 ? "hold" : "holds"} data. Restore into an empty data folder or database, or add --force to replace it (${env.DATABASE_URL ? "the database is emptied first; images are kept aside" : "the data replaced is kept aside"}).`,
      );
    }

    const keptAside: string[] = [];
    if (env.DATABASE_URL) {
      if (postgresInUse) await clearPostgres(env.DATABASE_URL);
      await restorePostgres(env.DATABASE_URL, path.join(staging, POSTGRES_DUMP));
    } else {
      const loaded = path.join(staging, "db");
      fs.mkdirSync(loaded);
      const dump = await fs.openAsBlob(path.join(staging, PGLITE_DUMP));
      const client = await createPglite(loaded, { loadDataDir: dump });
      await client.close();
      // The tarball holds the lock file of the server it came from.
      fs.rmSync(path.join(loaded, LOCK_FILE), { force: true });
      if (contents(dbDir).length > 0) {
        const aside = `${dbDir}.before-restore-${stamp}`;
        moveContents(dbDir, aside);
        keptAside.push(aside);
      }
      moveContents(loaded, dbDir);
    }
    if (hasMedia) {
      if (contents(mediaDir).length > 0) {
        const aside = `${mediaDir}.before-restore-${stamp}`;
        fs.renameSync(mediaDir, aside);
        keptAside.push(aside);
      }
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.renameSync(path.join(staging, "media"), mediaDir);
    }
    return { manifest, keptAside } satisfies RestoreResult;
  } finally {
    release?.();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
