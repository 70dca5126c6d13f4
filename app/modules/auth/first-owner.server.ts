import { randomBytes } from "node:crypto";
import { and, count, eq, gt, like, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import type { FirstOwnerFields } from "./account-form";
import { createAdmin } from "./admins.server";
import type { Auth } from "./auth.server";

/**
 * The first owner of a new shop, without a restart: while no owner exists, each start prints a
 * one-time link to a page where the owner chooses their email, name and password. The link is a
 * row of better-auth's verification table (as a set-password link is); using it deletes it, and
 * once an owner exists no link opens the page.
 */

/** Where the link leads: /login/setup/{token}. */
export const FIRST_OWNER_PATH = "/login/setup";
/** How long a printed link stays good; a start after that prints a new one. */
export const SETUP_LINK_HOURS = 24;
const PREFIX = "first-owner:";

export class SetupLinkGone extends Error {}

async function ownerExists(db: Db) {
  const [row] = await db.select({ n: count() }).from(user).where(eq(user.role, "owner"));
  return (row?.n ?? 0) > 0;
}

/**
 * The link's token while the shop has no owner, else null. A start while an earlier link is still
 * good answers that one (several processes starting together, or a restart, print the same link);
 * otherwise a new one.
 */
export async function firstOwnerToken(db: Db): Promise<string | null> {
  if (await ownerExists(db)) return null;
  await db
    .delete(verification)
    .where(
      and(like(verification.identifier, `${PREFIX}%`), lte(verification.expiresAt, sql`now()`)),
    );
  const [good] = await db
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(
      and(like(verification.identifier, `${PREFIX}%`), gt(verification.expiresAt, sql`now()`)),
    );
  if (good) return good.identifier.slice(PREFIX.length);
  const token = randomBytes(24).toString("base64url");
  await db.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${PREFIX}${token}`,
    value: "first-owner",
    expiresAt: new Date(Date.now() + SETUP_LINK_HOURS * 3600_000),
  });
  return token;
}

const wellFormed = (token: string) => /^[\w-]{20,64}$/.test(token);

/** Whether the link still opens the page: good, unused, and the shop still without an owner. */
export async function setupLinkIsGood(db: Db, token: string) {
  if (!wellFormed(token)) return false;
  const [found] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(eq(verification.identifier, `${PREFIX}${token}`), gt(verification.expiresAt, sql`now()`)),
    );
  return Boolean(found) && !(await ownerExists(db));
}

/**
 * Creates the first owner through the link, once: the link's row is deleted first, so of two
 * submissions at once only one finds it; a shop that has an owner by then refuses.
 */
export async function createFirstOwner(
  db: Db,
  auth: Auth,
  token: string,
  fields: FirstOwnerFields,
) {
  if (!wellFormed(token)) throw new SetupLinkGone();
  const taken = await db
    .delete(verification)
    .where(
      and(eq(verification.identifier, `${PREFIX}${token}`), gt(verification.expiresAt, sql`now()`)),
    )
    .returning({ id: verification.id });
  if (taken.length === 0 || (await ownerExists(db))) throw new SetupLinkGone();
  return createAdmin(auth, fields);
}
