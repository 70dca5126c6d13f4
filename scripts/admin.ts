// `npm run admin:create -- --email owner@example.com --password '...'` creates an admin account;
// `npm run admin:password -- --email owner@example.com --password '...'` sets a new password and
// signs that admin out everywhere. On PGlite, stop the server first: its database is locked while
// it runs (this command then says so). On PostgreSQL it works at any time.
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { AdminError, createAdmin, resetAdminPassword } from "~/modules/auth/admins.server";
import { authSecret, createAuth } from "~/modules/auth/auth.server";
import { getEnv } from "~/utils/env.server";
import { StartupError } from "~/utils/startup-error";

const command = process.argv[2];
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});

try {
  if (!values.email || !values.password) {
    throw new AdminError(
      `Usage: npm run admin:${command === "password" ? "password" : "create"} -- --email EMAIL --password PASSWORD`,
    );
  }
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const auth = createAuth(database.db, env, await authSecret(database.db, env));
    if (command === "password") {
      await resetAdminPassword(auth, { email: values.email, password: values.password });
      console.log(`New password set for ${values.email}; their sessions have ended.`);
    } else {
      await createAdmin(auth, {
        email: values.email,
        password: values.password,
        name: values.name,
      });
      console.log(`Admin ${values.email} created. Log in at ${env.PUBLIC_URL}/login`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof AdminError || error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
