import type { Db } from "~/db/client.server";
import {
  countAttempt,
  forgetAttempts,
  type Limit,
  uncountAttempt,
} from "~/modules/throttle/throttle.server";

/**
 * The login throttle. Every attempt is counted before its password is checked (atomically, in
 * the database, so parallel attempts cannot slip past a limit, across processes and restarts);
 * a successful login takes its own attempt back.
 *
 * - Per address and account: 10 failed attempts an hour, the owner's typos included.
 * - Per address: 20 an hour, whatever the accounts (one address trying many).
 * - Per account, from anywhere: past 50 an hour the account is under attack, and only addresses
 *   that have not failed on it may still try. Guessing from many addresses slows to one try per
 *   address an hour, while a stranger can never lock the owner out of a clean address.
 */
export const PER_ACCOUNT_AND_ADDRESS: Limit = {
  name: "login-account-address",
  points: 10,
  windowSeconds: 3600,
};
export const PER_ADDRESS: Limit = { name: "login-address", points: 20, windowSeconds: 3600 };
export const PER_ACCOUNT: Limit = { name: "login-account", points: 50, windowSeconds: 3600 };

export const THROTTLED = "Too many failed logins. For your safety, please try again in an hour.";

const accountKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

/** Counts a login attempt; answers whether its password may be checked. */
export async function admitLogin(db: Db, email: string, ip: string): Promise<boolean> {
  const account = accountKey(email);
  const [byAddress, byAccountAndAddress, byAccount] = await Promise.all([
    countAttempt(db, PER_ADDRESS, ip),
    countAttempt(db, PER_ACCOUNT_AND_ADDRESS, `${account} ${ip}`),
    countAttempt(db, PER_ACCOUNT, account),
  ]);
  if (!byAddress.allowed || !byAccountAndAddress.allowed) return false;
  // Under attack, an address's first attempt on the account is still judged, never a second.
  return byAccount.allowed || byAccountAndAddress.count === 1;
}

/** A successful login: its attempt was not a guess, and its address's failures are forgiven. */
export async function loginSucceeded(db: Db, email: string, ip: string) {
  const account = accountKey(email);
  await Promise.all([
    uncountAttempt(db, PER_ADDRESS, ip),
    uncountAttempt(db, PER_ACCOUNT, account),
    forgetAttempts(db, PER_ACCOUNT_AND_ADDRESS, `${account} ${ip}`),
  ]);
}
