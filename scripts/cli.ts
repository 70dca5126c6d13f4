import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { type Env, getEnv } from "~/utils/env.server";
import { StartupError } from "~/utils/startup-error";

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs a command: a mistake the user can fix (bad configuration, or one of `userErrors`) prints
 * its message alone and exits 1; anything else is a bug and keeps its stack.
 */
export async function runCommand(task: () => Promise<void>, userErrors: ErrorClass[] = []) {
  try {
    await task();
  } catch (error) {
    const known = [StartupError, ...userErrors].some((type) => error instanceof type);
    if (!known) throw error;
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}

/** Opens the configured database (PGlite says so if the server holds it), runs, closes it. */
export async function withDatabase<T>(
  work: (db: DatabaseHandle["db"], env: Env) => Promise<T>,
): Promise<T> {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await work(database.db, env);
  } finally {
    await database.close();
  }
}
