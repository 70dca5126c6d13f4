import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { healthProbe } from "~/db/schema";
import { logger } from "~/utils/logger.server";

/**
 * Readiness: can the shop take an order right now? A database that answers reads but cannot
 * write (a full disk) and a media folder or bucket that refuses files both make it not ready, so
 * each check writes something tiny (the database's, where the disk must grow). The writes run at most once per PROBE_INTERVAL_MS
 * however often the check is asked (concurrent callers share one probe); a cheap query runs on
 * every call, so a lost database shows at once.
 */
export type ReadinessPart = "database" | "storage";
export type Readiness = {
  ready: boolean;
  checks: Record<ReadinessPart, "ok" | "failed">;
};

/**
 * What the storage check needs of the media storage: to keep a tiny file and delete it. Typed
 * here so health knows no other module (the server passes its media storage).
 */
export type ProbedStorage = {
  put(key: string, body: Buffer, contentType: string): Promise<unknown>;
  delete(key: string): Promise<unknown>;
};

export const PROBE_INTERVAL_MS = 5_000;
export const PROBE_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms.`)),
      PROBE_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A write that needs the disk to grow: a row in a page that has room (an upsert) still succeeds
 * on a full disk, so the probe table is truncated (a new, empty file) and written (a new block).
 */
async function probeDatabase(database: DatabaseHandle) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`truncate ${healthProbe}`);
    await tx.insert(healthProbe).values({ value: new Date().toISOString() });
  });
}

async function probeStorage(storage: ProbedStorage) {
  const key = `health/probe-${randomUUID()}.txt`;
  await storage.put(key, Buffer.from("ok"), "text/plain");
  await storage.delete(key);
}

async function settle(what: ReadinessPart, work: () => Promise<void>) {
  try {
    await withTimeout(work(), what === "database" ? "The database" : "Media storage");
    return "ok" as const;
  } catch (error) {
    logger.error({ err: error, check: what }, `health check: ${what} failed`);
    return "failed" as const;
  }
}

type Probe = {
  at: number;
  database: DatabaseHandle;
  storage: ProbedStorage;
  result: Promise<Readiness["checks"]>;
};
let last: Probe | undefined;

/** Checks the given database and storage (the ones the server runs on). */
export async function checkReadiness(
  database: DatabaseHandle,
  storage: ProbedStorage,
  now = Date.now(),
): Promise<Readiness> {
  let probe = last;
  if (
    !probe ||
    probe.database !== database ||
    probe.storage !== storage ||
    now - probe.at >= PROBE_INTERVAL_MS
  ) {
    probe = last = {
      at: now,
      database,
      storage,
      result: Promise.all([
        settle("database", () => probeDatabase(database)),
        settle("storage", () => probeStorage(storage)),
      ]).then(([db, media]) => ({ database: db, storage: media })),
    };
  }
  const [written, reachable] = await Promise.all([
    probe.result,
    settle("database", () => database.ping()),
  ]);
  const checks = {
    ...written,
    database: written.database === "ok" && reachable === "ok" ? "ok" : "failed",
  } as const;
  return { ready: checks.database === "ok" && checks.storage === "ok", checks };
}
