import type { Db } from "~/db/client.server";
import { recordSignIn } from "~/modules/audit/audit.server";
import type { Auth } from "./auth.server";
import { admitLogin, loginSucceeded, THROTTLED } from "./login-throttle.server";

export const WRONG_CREDENTIALS = "Wrong email/password";
export const NOT_AN_EMAIL = "Please enter a valid email address.";

/**
 * Signs an admin in: throttled per account and per address, 'Wrong email/password' for bad
 * credentials (the spec's text), the error's own message otherwise (a disabled account's).
 * Answers the session cookie. Every judged attempt goes into the audit trail.
 */
export async function logIn(
  db: Db,
  auth: Auth,
  request: Request,
  input: { email: string; password: string; ip: string },
) {
  const email = input.email.trim().toLowerCase();
  if (!(await admitLogin(db, email, input.ip))) return { ok: false as const, error: THROTTLED };
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await loginSucceeded(db, email, input.ip);
    await recordSignIn(db, { email, ip: input.ip, ok: true });
    return { ok: true as const, headers };
  } catch (error) {
    // Loaded only when a login fails: better-auth is loaded on first use (deferredAuth).
    const { APIError } = await import("better-auth/api");
    if (error instanceof APIError) {
      await recordSignIn(db, { email, ip: input.ip, ok: false });
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_EMAIL_OR_PASSWORD" || error.status === "UNAUTHORIZED") {
        return { ok: false as const, error: WRONG_CREDENTIALS };
      }
      // What the browser's email field would have caught, said as the shop says it.
      if (code === "INVALID_EMAIL") return { ok: false as const, error: NOT_AN_EMAIL };
      return { ok: false as const, error: error.message };
    }
    throw error;
  }
}

export async function logOut(auth: Auth, request: Request) {
  const { headers } = await auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  return headers;
}
