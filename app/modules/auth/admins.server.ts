import { count } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { MIN_PASSWORD_LENGTH } from "./account-form";
import type { Auth } from "./auth.server";

export class AdminError extends Error {}

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AdminError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
}

export async function adminCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

/** Creates an owner account from the command line (there is no public sign-up), with its password. */
export async function createAdmin(
  auth: Auth,
  input: { email: string; password: string; name?: string },
) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AdminError("Please give a valid email address.");
  checkPassword(input.password);
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findUserByEmail(email)) {
    throw new AdminError(`An admin with the email ${email} already exists.`);
  }
  const created = await ctx.internalAdapter.createUser(
    {
      email,
      name: input.name?.trim() || email.split("@")[0]!,
      emailVerified: true,
      role: "owner",
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  return created;
}

/**
 * The way back in for a locked-out owner, from the command line: a new password, the account
 * enabled again and its two-factor sign-in turned off (the phone may be what was lost); every
 * session of it ends.
 */
export async function resetAdminPassword(auth: Auth, input: { email: string; password: string }) {
  checkPassword(input.password);
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(input.email.trim().toLowerCase());
  if (!found) throw new AdminError(`There is no admin with the email ${input.email}.`);
  const id = found.user.id;
  const hash = await ctx.password.hash(input.password);
  if (await ctx.internalAdapter.findCredentialAccount(id))
    await ctx.internalAdapter.updatePassword(id, hash);
  else
    await ctx.internalAdapter.linkAccount({
      userId: id,
      providerId: "credential",
      accountId: id,
      password: hash,
    });
  await ctx.internalAdapter.updateUser(id, {
    banned: false,
    banReason: null,
    twoFactorEnabled: false,
  });
  await ctx.adapter.deleteMany({ model: "twoFactor", where: [{ field: "userId", value: id }] });
  await ctx.internalAdapter.deleteUserSessions(id);
}
