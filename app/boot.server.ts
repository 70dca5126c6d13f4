import fs from "node:fs";
import { getDatabase, getDb, openDatabase, setDatabase } from "~/db/client.server";
import { seedOnFirstRun } from "~/db/seed.server";
import { adminCount, createAdmin } from "~/modules/auth/admins.server";
import { openAuth, setAuth } from "~/modules/auth/auth.server";
import { ensureBrandImages } from "~/modules/media/brand.server";
import { createMediaStorage, setMediaStorage } from "~/modules/media/storage.server";
import { startReconciliation } from "~/modules/orders/reconcile.server";
import { getPaymentProvider } from "~/modules/payments/payments.server";
import { type Env, getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/**
 * Everything the server needs before it accepts a request: validated configuration, the database
 * (opened and migrated), media storage, brand images, and the sample catalogue on a first run.
 */
export async function boot(): Promise<Env> {
  const env = getEnv();
  logger.level = env.LOG_LEVEL;
  fs.mkdirSync(env.DATA_DIR, { recursive: true });

  const started = Date.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(database);
  logger.info({ database: database.kind, ms: Date.now() - started }, "database ready");
  const storage = await createMediaStorage(env);
  setMediaStorage(storage);

  const auth = await openAuth(database.db, env);
  setAuth(auth);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && (await adminCount(database.db)) === 0) {
    await createAdmin(auth, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
    logger.info({ email: env.ADMIN_EMAIL }, "first admin created from ADMIN_EMAIL");
  }

  await ensureBrandImages(storage);
  const seeded = await seedOnFirstRun(database.db, storage, env.SEED_SAMPLE_CATALOGUE);
  if (seeded) logger.info({ products: seeded }, "sample catalogue added (first run)");

  stopReconciliation = startReconciliation(getDb, getPaymentProvider);

  if (env.DEMO_PAYMENTS) {
    logger.warn(
      "Demo mode: no PESAPAL_CONSUMER_KEY is set, so payments go to the built-in Pesapal sandbox emulator and are simulated. Set the Pesapal variables before taking real orders.",
    );
  }
  return env;
}

let stopReconciliation: (() => void) | undefined;

/** Closes the database (PGlite must be closed cleanly, or its sequences jump). */
export async function shutdown() {
  stopReconciliation?.();
  try {
    await getDatabase().close();
  } catch {
    // Not open: nothing to close.
  }
  setDatabase(undefined);
}
