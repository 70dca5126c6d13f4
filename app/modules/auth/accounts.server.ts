import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, like, max, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { account, auditEvents, session, user, verification } from "~/db/schema";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { recordEvent } from "~/modules/audit/audit.server";
import { type AccountFields, LINK_HOURS } from "./account-form";
import type { Role } from "./roles";

/**
 * The back office's accounts, kept by the owner: a new person gets a one-time link to set their
 * own password (better-auth's password-reset token, so its own reset endpoint sets it); a role
 * changes, an account is disabled (its sessions end in the same transaction) or enabled, a
 * password is reset (the old one stops working at once; a new link is made). The shop always
 * keeps an active owner who can sign in. Each change is the owner's in the audit trail.
 */
export class AccountError extends Error {}

/** Where a link leads: /login/set-password/{token}. */
export const SET_PASSWORD_PATH = "/login/set-password";
/** better-auth's own name for a password-reset token's verification row. */
const RESET_PREFIX = "reset-password:";

export const ACCOUNT_MESSAGES = {
  taken: (email: string) => `There is already an account for ${email}.`,
  missing: "That account is not there any more.",
  lastOwner: "The shop needs an owner who can sign in: make another account an owner first.",
  yourself: "You cannot do that to your own account. Ask another owner.",
} as const;

export type AccountRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  hasPassword: boolean;
  linkExpiresAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
};

export async function listAccounts(db: Db): Promise<AccountRow[]> {
  const password = db
    .select({ userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, "credential"), sql`${account.password} is not null`))
    .as("password");
  const links = db
    .select({ userId: verification.value, expiresAt: max(verification.expiresAt).as("expires_at") })
    .from(verification)
    .where(
      and(
        like(verification.identifier, `${RESET_PREFIX}%`),
        gt(verification.expiresAt, sql`now()`),
      ),
    )
    .groupBy(verification.value)
    .as("links");
  const signIns = db
    .select({ userId: auditEvents.actorId, at: max(auditEvents.at).as("at") })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, "signin"), eq(auditEvents.action, "succeeded")))
    .groupBy(auditEvents.actorId)
    .as("sign_ins");
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      disabled: user.banned,
      hasPassword: sql<boolean>`${password.userId} is not null`,
      linkExpiresAt: links.expiresAt,
      lastSignInAt: signIns.at,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(password, eq(password.userId, user.id))
    .leftJoin(links, eq(links.userId, user.id))
    .leftJoin(signIns, eq(signIns.userId, user.id))
    .orderBy(desc(sql`${user.role} = 'owner'`), user.name);
  return rows.map((r) => ({
    ...r,
    role: r.role === "owner" ? "owner" : "staff",
    linkExpiresAt: r.linkExpiresAt ? new Date(r.linkExpiresAt) : null,
    lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt) : null,
  }));
}

/** One account's name and email, or null when there is no such account. */
export async function findAccount(db: Db, id: string) {
  const [found] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, id));
  return found ?? null;
}

/** A fresh one-time link for `userId`, replacing any earlier one. Answers its token. */
async function newLink(tx: Tx, userId: string) {
  await tx
    .delete(verification)
    .where(and(like(verification.identifier, `${RESET_PREFIX}%`), eq(verification.value, userId)));
  const token = randomBytes(24).toString("base64url");
  await tx.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${RESET_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + LINK_HOURS * 3600_000),
  });
  return token;
}

/** The account, locked for the rest of the transaction; refused if it is gone. */
async function lockedAccount(tx: Tx, userId: string) {
  const [found] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
  if (!found) throw new AccountError(ACCOUNT_MESSAGES.missing);
  return found;
}

/**
 * Locks every owner's row, in the order of their ids, before the change looks at any account:
 * two owners demoting (disabling, resetting) each other at once then queue on the same first
 * row instead of each holding the row the other wants (a deadlock, which answered 500). Then, in
 * a statement of its own so it reads what the one before it committed, answers the owners who
 * can sign in: active and with a password.
 */
async function lockOwners(tx: Tx): Promise<string[]> {
  await tx.execute(sql`select id from ${user} where role = 'owner' order by id for update`);
  const { rows } = await tx.execute<{ id: string }>(sql`
    select u.id from ${user} u
    join ${account} a on a.user_id = u.id and a.provider_id = 'credential' and a.password is not null
    where u.role = 'owner' and not u.banned`);
  return rows.map((r) => r.id);
}

/** Refuses a change that would leave no active owner who can sign in (owners locked first). */
function keepAnOwner(owners: string[], leaving: string) {
  if (!owners.some((id) => id !== leaving)) throw new AccountError(ACCOUNT_MESSAGES.lastOwner);
}

/** A new account, without a password: answers its id and the token of its link. */
export async function addAccount(db: Db, ownerId: string, fields: AccountFields) {
  return asAdmin(db, ownerId, async (tx) => {
    const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.email, fields.email));
    if (taken) throw new AccountError(ACCOUNT_MESSAGES.taken(fields.email));
    const id = randomBytes(16).toString("hex");
    await tx.insert(user).values({ id, ...fields, emailVerified: true });
    return { id, token: await newLink(tx, id) };
  });
}

export async function setRole(db: Db, ownerId: string, userId: string, role: Role) {
  if (userId === ownerId) throw new AccountError(ACCOUNT_MESSAGES.yourself);
  await asAdmin(db, ownerId, async (tx) => {
    const owners = await lockOwners(tx);
    const target = await lockedAccount(tx, userId);
    if (target.role === role) return;
    if (target.role === "owner") keepAnOwner(owners, userId);
    await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
  });
}

/** Disables an account (every session of it ends now) or enables it again. */
export async function setDisabled(db: Db, ownerId: string, userId: string, disabled: boolean) {
  if (userId === ownerId) throw new AccountError(ACCOUNT_MESSAGES.yourself);
  await asAdmin(db, ownerId, async (tx) => {
    const owners = await lockOwners(tx);
    const target = await lockedAccount(tx, userId);
    if (target.banned === disabled) return;
    if (disabled && target.role === "owner") keepAnOwner(owners, userId);
    await tx
      .update(user)
      .set({
        banned: disabled,
        banReason: disabled ? "disabled by an owner" : null,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
    if (disabled) await tx.delete(session).where(eq(session.userId, userId));
  });
}

/**
 * Resets a password: the old one stops working and every session ends now; the answer is the
 * token of a new link for its holder to choose another.
 */
export async function resetPassword(db: Db, ownerId: string, userId: string) {
  if (userId === ownerId) throw new AccountError(ACCOUNT_MESSAGES.yourself);
  return asAdmin(db, ownerId, async (tx) => {
    const owners = await lockOwners(tx);
    const target = await lockedAccount(tx, userId);
    if (target.role === "owner") keepAnOwner(owners, userId);
    await tx
      .update(account)
      .set({ password: null, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    await tx.delete(session).where(eq(session.userId, userId));
    await recordEvent(tx, {
      actorId: ownerId,
      entity: "account",
      action: "password-reset",
      subjectId: userId,
      after: { email: target.email },
    });
    return newLink(tx, userId);
  });
}

/** Whose link this is, while it is good: the account it sets a password for. */
export async function linkHolder(db: Db, token: string) {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const [found] = await db
    .select({ id: user.id, email: user.email, name: user.name, disabled: user.banned })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(
      and(
        eq(verification.identifier, `${RESET_PREFIX}${token}`),
        gt(verification.expiresAt, sql`now()`),
      ),
    );
  return found && !found.disabled ? found : null;
}
