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
 * - A device that signed in to the account before (known-device.server.ts) is judged on its own
 *   allowance alone, 10 an hour: neither an attack on the account nor failures from its (shared)
 *   address keep the owner out of the phone they always use.
 *
 * The second step (an authenticator app's code) is counted the same way as the password.
 */
export const PER_ACCOUNT_AND_ADDRESS: Limit = {
  name: "login-account-address",
  points: 10,
  windowSeconds: 3600,
};
export const PER_ADDRESS: Limit = { name: "login-address", points: 20, windowSeconds: 3600 };
export const PER_ACCOUNT: Limit = { name: "login-account", points: 50, windowSeconds: 3600 };
export const PER_DEVICE: Limit = { name: "login-device", points: 10, windowSeconds: 3600 };

export const THROTTLED = "Too many failed logins. For your safety, please try again in an hour.";

const accountKey = (email: string) => email.trim().toLowerCase().slice(0, 320);

/**
 * Counts a login attempt (a password, or a second step's code); answers whether it may be
 * checked. `device` is the name of a device that signed in to the account before, if it is one.
 */
export async function admitLogin(
  db: Db,
  email: string,
  ip: string,
  device: string | null = null,
): Promise<boolean> {
  const account = accountKey(email);
  if (device) return (await countAttempt(db, PER_DEVICE, `${account} ${device}`)).allowed;
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
export async function loginSucceeded(
  db: Db,
  email: string,
  ip: string,
  device: string | null = null,
) {
  const account = accountKey(email);
  if (device) return forgetAttempts(db, PER_DEVICE, `${account} ${device}`);
  await Promise.all([
    uncountAttempt(db, PER_ADDRESS, ip),
    uncountAttempt(db, PER_ACCOUNT, account),
    forgetAttempts(db, PER_ACCOUNT_AND_ADDRESS, `${account} ${ip}`),
  ]);
}

/**
 * A right password with a second step to come: its attempt was not a guess, but the failures
 * before it stand until the code is right too (else each right password would wipe the wrong
 * codes, and a stolen password could try codes for ever).
 */
export async function passwordAccepted(
  db: Db,
  email: string,
  ip: string,
  device: string | null = null,
) {
  const account = accountKey(email);
  if (device) return uncountAttempt(db, PER_DEVICE, `${account} ${device}`);
  await Promise.all([
    uncountAttempt(db, PER_ADDRESS, ip),
    uncountAttempt(db, PER_ACCOUNT, account),
    uncountAttempt(db, PER_ACCOUNT_AND_ADDRESS, `${account} ${ip}`),
  ]);
}
