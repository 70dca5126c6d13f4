import fs from "node:fs";
import { getDatabase, getDb, openDatabase, setDatabase } from "~/db/client.server";
import { adminCount, createAdmin } from "~/modules/auth/admins.server";
import { openAuth, setAuth } from "~/modules/auth/auth.server";
import { serveDatabaseDumps } from "~/modules/backup/dump-socket.server";
import { seedOnFirstRun } from "~/modules/catalog/sample-seed.server";
import { type Jobs, setJobs, startJobs } from "~/modules/jobs/jobs.server";
import { ensureBrandImages } from "~/modules/media/brand.server";
import { createMediaStorage, setMediaStorage } from "~/modules/media/storage.server";
import { reconciliationJob } from "~/modules/orders/reconcile-job.server";
import { getPaymentProviders } from "~/modules/payments/providers.server";
import { type Env, getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/**
 * Everything the server needs before it accepts a request: validated configuration, the database
 * (opened and migrated), media storage, brand images, the sample catalogue on a first run, and the
 * background jobs.
 */
export async function boot(): Promise<Env> {
  const env = getEnv();
  logger.level = env.LOG_LEVEL;
  fs.mkdirSync(env.DATA_DIR, { recursive: true });

  const started = Date.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(database);
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
  // PGlite admits one process: `npm run backup` asks this one for the dump.
  if (database.dumpDataDir) {
    stopDumps = await serveDatabaseDumps(env.DATA_DIR, database.dumpDataDir);
  }
  const storage = await createMediaStorage(env);
  setMediaStorage(storage);

  const auth = await openAuth(database.db, env);
  setAuth(auth);
  // Several processes may start together on one PostgreSQL: one of them does the first-run work.
  await database.exclusively(async () => {
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && (await adminCount(database.db)) === 0) {
      await createAdmin(auth, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      logger.info({ email: env.ADMIN_EMAIL }, "first admin created from ADMIN_EMAIL");
    }
    await ensureBrandImages(storage);
    const seeded = await seedOnFirstRun(database.db, storage, env.SEED_SAMPLE_CATALOGUE);
    if (seeded) logger.info({ products: seeded }, "sample catalogue added (first run)");
  });

  jobs = await startJobs(database, [reconciliationJob(getDb, getPaymentProviders)]);
  setJobs(jobs);

  if (env.DEMO_PAYMENTS) {
    logger.warn(
      "Demo mode: no PESAPAL_CONSUMER_KEY is set, so payments go to the built-in Pesapal sandbox emulator and are simulated. Set the Pesapal variables before taking real orders.",
    );
    if (env.DATABASE_URL) {
      logger.warn(
        "The demo payment emulator keeps its payments in this process's memory: run a single process in demo mode, or set the Pesapal variables to run several.",
      );
    }
  }
  return env;
}

let jobs: Jobs | undefined;
let stopDumps: (() => Promise<void>) | undefined;

/**
 * Stops the shop in order: no new jobs; running jobs and the requests still in flight
 * (`requestsFinished`) get until `timeoutMs` to finish; then the database is closed (PGlite must
 * be closed cleanly, or its sequences jump).
 */
export async function shutdown({
  requestsFinished = Promise.resolve(),
  timeoutMs = 10_000,
}: {
  requestsFinished?: Promise<unknown>;
  timeoutMs?: number;
} = {}) {
  const stopping = jobs?.stop(timeoutMs).catch((error) => {
    logger.error({ err: error }, "the job queue did not stop cleanly");
  });
  await Promise.all([requestsFinished, stopping]);
  await stopDumps?.();
  stopDumps = undefined;
  jobs = undefined;
  setJobs(undefined);
  try {
    await getDatabase().close();
  } catch {
    // Not open: nothing to close.
  }
  setDatabase(undefined);
}
