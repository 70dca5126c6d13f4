// `npm run admin:create -- --email owner@example.com --password '...'` creates an admin account;
// `npm run admin:password -- --email owner@example.com --password '...'` sets a new password,
// enables the account again, turns off its two-factor sign-in and signs it out everywhere. On PGlite, stop the server first: its database is locked while
// it runs (this command then says so). On PostgreSQL it works at any time.
import { parseArgs } from "node:util";
import { AdminError, createAdmin, resetAdminPassword } from "~/modules/auth/admins.server";
import { runCommand, withServices } from "./cli";

const command = process.argv[2];
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});

await runCommand(async () => {
  if (!values.email || !values.password) {
    throw new AdminError(
      `Usage: npm run admin:${command === "password" ? "password" : "create"} -- --email EMAIL --password PASSWORD`,
    );
  }
  const { email, password } = values;
  await withServices(async ({ auth }, env) => {
    if (command === "password") {
      await resetAdminPassword(auth, { email, password });
      console.log(
        `New password set for ${email}; the account is enabled, its two-factor sign-in is off and its sessions have ended.`,
      );
    } else {
      await createAdmin(auth, { email, password, name: values.name });
      console.log(`Owner ${email} created. Log in at ${env.PUBLIC_URL}/login`);
    }
  });
}, [AdminError]);
