import { eq } from "drizzle-orm";
import type { Db, Tx } from "./client.server";
import { appMeta } from "./schema";

/**
 * The one writer of `app_meta`, the small facts the shop keeps about itself (the generated
 * session secret, the first-run seed, the owner's two-factor rule, Pesapal's IPN ids).
 */

/** The value kept under `key`, or null. */
export async function readMeta(db: Db | Tx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return row?.value ?? null;
}

/** Keeps `value` under `key`, replacing what was there. */
export async function setMeta(db: Db | Tx, key: string, value: string) {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}

/**
 * Keeps `value` under `key` unless something is kept there already (the first writer wins when
 * several processes start together); answers the value kept.
 */
export async function setMetaOnce(db: Db | Tx, key: string, value: string): Promise<string> {
  await db.insert(appMeta).values({ key, value }).onConflictDoNothing();
  return (await readMeta(db, key)) ?? value;
}
