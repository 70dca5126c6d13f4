import { and, count, eq, gt, lt, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { loginFailures } from "~/db/schema";

/**
 * After 10 failed logins within an hour for one account, or from one address, further attempts
 * are refused until the hour has passed. Counted in the database, so it holds across processes
 * and restarts, and an attacker changing address cannot keep guessing one account's password.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 60 * 60 * 1000;
export const THROTTLED = "Too many failed logins. For your safety, please try again in an hour.";

const since = () => new Date(Date.now() - WINDOW_MS);

export async function isThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email.toLowerCase()), gt(loginFailures.at, since())));
  if ((byEmail?.n ?? 0) >= MAX_FAILURES) return true;
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since())));
  return (byIp?.n ?? 0) >= MAX_FAILURES;
}

export async function recordFailure(db: Db, email: string, ip: string) {
  await db.insert(loginFailures).values({ email: email.toLowerCase(), ip });
  // Old failures tell nothing any more.
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - 2 * WINDOW_MS)));
}

export async function clearFailures(db: Db, email: string, ip: string) {
  await db
    .delete(loginFailures)
    .where(or(eq(loginFailures.email, email.toLowerCase()), eq(loginFailures.ip, ip)));
}
