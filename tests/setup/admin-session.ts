import { CLIENT_IP_HEADER } from "~/modules/auth/login.server";
import { action as loginAction } from "~/routes/admin/login";

/**
 * Signs an existing admin in through the login form's action, as a browser at `ip` would, and
 * answers the session cookie (`name=value`) to send with later requests.
 */
export async function adminSessionCookie(
  credentials: { email: string; password: string },
  ip = "10.9.0.1",
  origin = "http://localhost:3000",
): Promise<string> {
  try {
    await loginAction({
      request: new Request(`${origin}/login`, {
        method: "POST",
        headers: { Origin: origin, [CLIENT_IP_HEADER]: ip },
        body: new URLSearchParams(credentials),
      }),
    } as Parameters<typeof loginAction>[0]);
  } catch (thrown) {
    // A successful login answers a redirect to /admin with the cookie.
    if (thrown instanceof Response && thrown.status === 302) {
      return (thrown.headers.get("set-cookie") ?? "").split(";")[0]!;
    }
    throw thrown;
  }
  throw new Error("The admin could not log in.");
}
