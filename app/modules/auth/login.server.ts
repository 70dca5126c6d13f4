import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { recordSignIn } from "~/modules/audit/audit.server";
import type { Auth } from "./auth.server";
import { knownDevice, rememberDevice } from "./known-device.server";
import { admitLogin, loginSucceeded, passwordAccepted, THROTTLED } from "./login-throttle.server";
import { refusal } from "./refusal.server";

export const WRONG_CREDENTIALS = "Wrong email/password";
export const NOT_AN_EMAIL = "Please enter a valid email address.";
export const WRONG_CODE = "That code is not right. Please check your app and try again.";
export const SIGN_IN_AGAIN = "Your sign-in took too long. Please log in again.";

type Outcome =
  | { ok: true; headers: Headers }
  /** The password was right; the account's authenticator app's code comes next. */
  | { ok: "code"; headers: Headers }
  | { ok: false; error: string };

/**
 * Signs an admin in: throttled per account and per address (or per known device),
 * 'Wrong email/password' for bad credentials (the spec's text), the error's own message otherwise
 * (a disabled account's). Answers the session cookie, or, for an account with an authenticator
 * app on a device it has not trusted, the cookie of the second step. Every judged attempt goes
 * into the audit trail.
 */
export async function logIn(
  db: Db,
  auth: Auth,
  request: Request,
  input: { email: string; password: string; ip: string },
): Promise<Outcome> {
  const email = input.email.trim().toLowerCase();
  const { secret } = await auth.$context;
  const device = knownDevice(request, email, secret);
  if (!(await admitLogin(db, email, input.ip, device))) return { ok: false, error: THROTTLED };
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    if ((response as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
      await passwordAccepted(db, email, input.ip, device);
      return { ok: "code", headers };
    }
    return signedIn(db, request, { email, ip: input.ip, device, secret, headers });
  } catch (error) {
    const refused = await refusal(error);
    if (!refused) throw error;
    await recordSignIn(db, { email, ip: input.ip, ok: false });
    if (refused.code === "INVALID_EMAIL_OR_PASSWORD" || refused.status === "UNAUTHORIZED") {
      return { ok: false, error: WRONG_CREDENTIALS };
    }
    // What the browser's email field would have caught, said as the shop says it.
    if (refused.code === "INVALID_EMAIL") return { ok: false, error: NOT_AN_EMAIL };
    return { ok: false, error: refused.message };
  }
}

const isSecure = (request: Request) => new URL(request.url).protocol === "https:";

/** A sign-in complete: its failures forgiven, written to the trail, and the device remembered. */
async function signedIn(
  db: Db,
  request: Request,
  done: { email: string; ip: string; device: string | null; secret: string; headers: Headers },
): Promise<Outcome> {
  await loginSucceeded(db, done.email, done.ip, done.device);
  await recordSignIn(db, { email: done.email, ip: done.ip, ok: true });
  done.headers.append("Set-Cookie", rememberDevice(done.email, done.secret, isSecure(request)));
  return { ok: true, headers: done.headers };
}

/** The name of better-auth's second-step cookie, plain or with the secure prefix. */
const SECOND_STEP_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=([^;]+)/;

/**
 * Whose second step this request is, from better-auth's signed cookie of the first: for the
 * throttle only (better-auth checks the signature when it judges the code).
 */
export async function secondStepAccount(db: Db, request: Request) {
  const raw = SECOND_STEP_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  const identifier = raw ? decodeURIComponent(raw).split(".")[0] : null;
  if (!identifier || !/^2fa-[\w-]{10,64}$/.test(identifier)) return null;
  const [found] = await db
    .select({ email: user.email, expiresAt: verification.expiresAt })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(eq(verification.identifier, identifier));
  return found && found.expiresAt > new Date() ? found.email : null;
}

/**
 * The second step: the code of the account's authenticator app, or one of its recovery codes,
 * counted by the same throttle as passwords. A trusted device skips this step for 30 days.
 */
export async function verifySecondStep(
  db: Db,
  auth: Auth,
  request: Request,
  input: { code: string; recovery: boolean; trustDevice: boolean; ip: string },
): Promise<Outcome> {
  const email = await secondStepAccount(db, request);
  if (!email) return { ok: false, error: SIGN_IN_AGAIN };
  const { secret } = await auth.$context;
  const device = knownDevice(request, email, secret);
  if (!(await admitLogin(db, email, input.ip, device))) return { ok: false, error: THROTTLED };
  const code = input.code.replace(/\s+/g, "").slice(0, 64);
  try {
    const body = { code, trustDevice: input.trustDevice };
    const call = { body, headers: request.headers, returnHeaders: true as const };
    const { headers } = input.recovery
      ? await auth.api.verifyBackupCode(call)
      : await auth.api.verifyTOTP(call);
    return signedIn(db, request, { email, ip: input.ip, device, secret, headers });
  } catch (error) {
    const refused = await refusal(error);
    if (!refused) throw error;
    await recordSignIn(db, { email, ip: input.ip, ok: false, step: "code" });
    if (refused.code === "INVALID_TWO_FACTOR_COOKIE") return { ok: false, error: SIGN_IN_AGAIN };
    return { ok: false, error: WRONG_CODE };
  }
}

export async function logOut(auth: Auth, request: Request) {
  const { headers } = await auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  return headers;
}
