import type { Db } from "~/db/client.server";
import { readMeta, setMeta } from "~/db/meta.server";
import { recordEvent } from "~/modules/audit/audit.server";

const KEY = "require_two_factor";

/** Whether the owner requires a second factor (an authenticator app) of every account. */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  return (await readMeta(db, KEY)) === "on";
}

/** The owner's choice, in the audit trail with the change. */
export async function requireTwoFactor(db: Db, ownerId: string, required: boolean) {
  await db.transaction(async (tx) => {
    const value = required ? "on" : "off";
    await setMeta(tx, KEY, value);
    await recordEvent(tx, {
      actorId: ownerId,
      entity: "account",
      action: required ? "two-factor-required" : "two-factor-optional",
    });
  });
}
