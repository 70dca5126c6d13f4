import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { checkReadiness, PROBE_INTERVAL_MS } from "~/modules/health/readiness.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { bothDatabases as databases } from "../setup/databases";
import { tempDir } from "../setup/temp-dir";

// Readiness against a database whose disk is really full: a small tmpfs holds PGlite's folder,
// or the tablespace of PostgreSQL's probe table. Mounting needs root, as CI runs; elsewhere
// without it these cases are skipped.

const canMount = (() => {
  const dir = tempDir("mount-check");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", dir], { stdio: "ignore" });
    execFileSync("umount", [dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})();
if (process.env.CI === "true" && !canMount) {
  throw new Error("CI must run the full-disk cases: they mount a small tmpfs (run as root).");
}

/** A tmpfs of `size` at a new folder, owned by `owner` when given. */
function smallDisk(size: string, owner?: string) {
  const dir = tempDir("small-disk");
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", dir]);
  if (owner) execFileSync("chown", [owner, dir]);
  return {
    dir,
    /** Writes a file until the disk refuses more. */
    fill() {
      const fd = fs.openSync(path.join(dir, "filler"), "w");
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        fs.closeSync(fd);
      }
    },
    free: () => fs.rmSync(path.join(dir, "filler"), { force: true }),
    unmount() {
      execFileSync("umount", ["-l", dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const media = new DiskStorage(tempDir("full-disk-media"));
let probes = 1;
/** A fresh probe each time (the probe is shared for PROBE_INTERVAL_MS otherwise). */
const readiness = (database: DatabaseHandle) =>
  checkReadiness(database, media, Date.now() + PROBE_INTERVAL_MS * 2 * probes++);

/** Full, then freed: readiness follows, while reads go on answering. */
async function fullThenFreed(database: DatabaseHandle, disk: ReturnType<typeof smallDisk>) {
  expect((await readiness(database)).checks.database).toBe("ok");
  disk.fill();
  const full = await readiness(database);
  expect(full).toEqual({ ready: false, checks: { database: "failed", storage: "ok" } });
  await database.ping();
  disk.free();
  expect(await readiness(database)).toEqual({
    ready: true,
    checks: { database: "ok", storage: "ok" },
  });
}

describe.skipIf(!canMount)("readiness on a full disk", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test("PGlite on a disk that cannot grow is not ready; freed, it is again", async () => {
    const disk = smallDisk("96m");
    cleanups.push(() => disk.unmount());
    fs.cpSync(path.join(inject("pgliteTemplate"), "db"), path.join(disk.dir, "db"), {
      recursive: true,
    });
    const database = await openDatabase({ dataDir: disk.dir });
    cleanups.push(() => database.close());
    await fullThenFreed(database, disk);
  });

  const postgres = databases.find((d) => d.name === "PostgreSQL");
  test.skipIf(!postgres)(
    "PostgreSQL whose probe table's disk cannot grow is not ready; freed, it is again",
    async () => {
      const database = await postgres!.open();
      const disk = smallDisk("1m", "postgres");
      const space = `small_disk_${process.pid}_${Date.now().toString(36)}`;
      await database.db.execute(sql.raw(`create tablespace ${space} location '${disk.dir}'`));
      cleanups.push(async () => {
        await database.dispose();
        const { default: pg } = await import("pg");
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop tablespace if exists ${space}`);
        await admin.end();
        disk.unmount();
      });
      await database.db.execute(sql.raw(`alter table health_probe set tablespace ${space}`));
      await fullThenFreed(database, disk);
    },
  );
});
