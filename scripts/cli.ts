import fs from "node:fs";
import { createServices, type Services } from "~/services.server";
import { type Settings, settingsFromEnvironment } from "~/settings.server";
import { logger } from "~/utils/logger.server";
import { StartupError } from "~/utils/startup-error";

type ErrorClass = abstract new (...args: never[]) => Error;

// The operator commands read the project folder's .env as `npm start` does (what the environment
// already sets wins), so `admin:create` names the address the shop really listens on.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

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

/**
 * Makes the shop's services as the server does (the configured database, which PGlite refuses
 * while the server holds it; media storage; admin accounts), runs, closes the database.
 */
export async function withServices<T>(
  work: (services: Services, env: Settings) => Promise<T>,
): Promise<T> {
  const env = settingsFromEnvironment();
  logger.level = env.LOG_LEVEL;
  const services = await createServices(env);
  try {
    return await work(services, env);
  } finally {
    await services.database.close();
  }
}
