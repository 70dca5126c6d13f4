import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { recordEvent } from "~/modules/audit/audit.server";

const KEY = "require_two_factor";

/** Whether the owner requires a second factor (an authenticator app) of every account. */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  return row?.value === "on";
}

/** The owner's choice, in the audit trail with the change. */
export async function requireTwoFactor(db: Db, ownerId: string, required: boolean) {
  await db.transaction(async (tx) => {
    const value = required ? "on" : "off";
    await tx
      .insert(appMeta)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
    await recordEvent(tx, {
      actorId: ownerId,
      entity: "account",
      action: required ? "two-factor-required" : "two-factor-optional",
    });
  });
}
