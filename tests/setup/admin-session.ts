import { action as loginAction } from "~/routes/admin/login";
import type { Services } from "~/services.server";
import { routeArgs } from "./services";

/**
 * Signs an existing admin in through the login form's action of a shop with `services`, as a
 * browser at `ip` would, and answers the session cookie (`name=value`) to send with later requests.
 */
export async function adminSessionCookie(
  services: Services,
  credentials: { email: string; password: string },
  ip = "10.9.0.1",
  origin = "http://localhost:3000",
): Promise<string> {
  try {
    await loginAction(
      routeArgs(
        services,
        new Request(`${origin}/login`, {
          method: "POST",
          headers: { Origin: origin },
          body: new URLSearchParams(credentials),
        }),
        { clientAddress: ip },
      ),
    );
  } catch (thrown) {
    // A successful login answers a redirect to /admin with the cookie.
    if (thrown instanceof Response && thrown.status === 302) {
      return (thrown.headers.get("set-cookie") ?? "").split(";")[0]!;
    }
    throw thrown;
  }
  throw new Error("The admin could not log in.");
}
