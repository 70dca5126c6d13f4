import { redirect } from "react-router";
import { apiError } from "~/utils/api-error";
import type { Auth } from "./auth.server";

/** The signed-in admin, or null. Every admin loader, action and endpoint starts here. */
export async function getAdmin(auth: Auth, request: Request) {
  const found = await auth.api.getSession({ headers: request.headers });
  return found ? { id: found.user.id, email: found.user.email, name: found.user.name } : null;
}

/** For admin pages: without a session, off to /login (replacing the history entry). */
export async function requireAdmin(auth: Auth, request: Request) {
  const admin = await getAdmin(auth, request);
  if (!admin) throw redirect("/login");
  return admin;
}

/** For admin endpoints: without a session, 401 and no data. */
export async function requireAdminApi(auth: Auth, request: Request) {
  const admin = await getAdmin(auth, request);
  if (!admin) throw apiError(401, "UNAUTHENTICATED", "Please log in.");
  return admin;
}
