import { APIError } from "better-auth/api";
import type { Db } from "~/db/client.server";
import { getAuth } from "./auth.server";
import { clearFailures, isThrottled, recordFailure, THROTTLED } from "./login-throttle.server";

export const WRONG_CREDENTIALS = "Wrong email/password";

/**
 * The address a request comes from, as the server saw it (the proxy's X-Forwarded-For only when
 * TRUST_PROXY is on). server/app.ts sets this header and drops any copy a client sent.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/**
 * Signs an admin in: throttled per account and per address, 'Wrong email/password' for bad
 * credentials (the spec's text), the error's own message otherwise. Answers the session cookie.
 */
export async function logIn(
  db: Db,
  request: Request,
  input: { email: string; password: string; ip: string },
) {
  const email = input.email.trim().toLowerCase();
  if (await isThrottled(db, email, input.ip)) return { ok: false as const, error: THROTTLED };
  try {
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    await clearFailures(db, email, input.ip);
    return { ok: true as const, headers };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_EMAIL_OR_PASSWORD" || error.status === "UNAUTHORIZED") {
        await recordFailure(db, email, input.ip);
        return { ok: false as const, error: WRONG_CREDENTIALS };
      }
      return { ok: false as const, error: error.message };
    }
    throw error;
  }
}

export async function logOut(request: Request) {
  const { headers } = await getAuth().api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  return headers;
}
