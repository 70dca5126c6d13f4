import fs from "node:fs";
import { reconciliationJob } from "~/flows/reconcile-payments-job.server";
import { seedOnFirstRun } from "~/flows/seed-sample-catalogue.server";
import { stockAlertsJob } from "~/flows/stock-alerts-job.server";
import { adminCount, createAdmin } from "~/modules/auth/admins.server";
import {
  FIRST_OWNER_PATH,
  firstOwnerToken,
  SETUP_LINK_HOURS,
} from "~/modules/auth/first-owner.server";
import { serveDatabaseDumps } from "~/modules/backup/dump-socket.server";
import { startSaleClock } from "~/modules/catalog/sale-clock.server";
import { type Jobs, startJobs } from "~/modules/jobs/jobs.server";
import { ensureBrandImages } from "~/modules/media/brand.server";
import { startMessageSender } from "~/modules/messages/sender.server";
import { DEMO_PAYMENTS_WARNING, DEMO_SEVERAL_PROCESSES_WARNING } from "~/modules/payments/settings";
import { createServices, type Services } from "~/services.server";
import { type Settings, settingsFromEnvironment } from "~/settings.server";
import { logger } from "~/utils/logger.server";

/**
 * Everything the server needs before it accepts a request: validated configuration, the services
 * (the database, opened and migrated; media storage; admin accounts; payment providers), brand
 * images, the sample catalogue on a first run, and the background jobs. The services are made once
 * here and belong to this process until shutdown(); the server hands them to every request.
 */
export async function boot(
  env: Settings = settingsFromEnvironment(),
): Promise<{ env: Settings; services: Services; firstOwnerNotice: string | null }> {
  logger.level = env.LOG_LEVEL;
  fs.mkdirSync(env.DATA_DIR, { recursive: true });

  const started = Date.now();
  const services = await createServices(env);
  const { database, media: storage, auth } = services;
  running = services;
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
  // PGlite admits one process: `npm run backup` asks this one for the dump.
  if (database.dumpDataDir) {
    stopDumps = await serveDatabaseDumps(env.DATA_DIR, database.dumpDataDir);
  }
  // Several processes may start together on one PostgreSQL: one of them does the first-run work.
  let firstOwnerNotice: string | null = null;
  await database.exclusively(async () => {
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && (await adminCount(database.db)) === 0) {
      await createAdmin(auth, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
      logger.info({ email: env.ADMIN_EMAIL }, "first owner created from ADMIN_EMAIL");
    }
    // No owner yet: a one-time link to create one, for the server to print (no restart needed).
    const token = await firstOwnerToken(database.db);
    if (token) {
      firstOwnerNotice = `No owner account yet. Create it here (the link works once, within ${SETUP_LINK_HOURS} hours):\n  ${env.PUBLIC_URL}${FIRST_OWNER_PATH}/${token}`;
    }
    await ensureBrandImages(storage);
    const seeded = await seedOnFirstRun(database.db, storage, env.SEED_SAMPLE_CATALOGUE);
    if (seeded) logger.info({ products: seeded }, "sample catalogue added (first run)");
  });

  jobs = await startJobs(database, [
    reconciliationJob(services),
    stockAlertsJob(services.db, services.settings),
  ]);
  stopSender = startMessageSender(services.db, services.messages);
  stopSaleClock = startSaleClock(database);

  const { sms, email } = services.messages;
  logger.info({ sms: sms.name, email: email.name }, "messages go out through these providers");
  if (env.NODE_ENV === "production" && (sms.name === "outbox" || email.name === "outbox")) {
    logger.warn(
      "Messages without a provider stay in the built-in outbox at /admin/messages and reach nobody: set AT_USERNAME and AT_API_KEY for SMS, and SMTP_URL for email.",
    );
  }

  if (env.DEMO_PAYMENTS) {
    logger.warn(DEMO_PAYMENTS_WARNING);
    if (env.DATABASE_URL) logger.warn(DEMO_SEVERAL_PROCESSES_WARNING);
  }
  return { env, services, firstOwnerNotice };
}

let running: Services | undefined;
let jobs: Jobs | undefined;
let stopDumps: (() => Promise<void>) | undefined;
let stopSender: (() => Promise<void>) | undefined;
let stopSaleClock: (() => Promise<void>) | undefined;

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
  await Promise.all([requestsFinished, stopping, stopSender?.(), stopSaleClock?.()]);
  stopSender = undefined;
  stopSaleClock = undefined;
  await stopDumps?.();
  stopDumps = undefined;
  jobs = undefined;
  const services = running;
  running = undefined;
  await services?.database.close();
}
