import { data, redirect } from "react-router";
import { apiError } from "~/utils/api-error";
import type { Auth } from "./auth.server";
import { can, FORBIDDEN, type Permission, type Role } from "./roles";

export type Admin = { id: string; email: string; name: string; role: Role };

/**
 * The signed-in admin, or null. Every admin loader, action and endpoint starts here. A disabled
 * account has no sessions left (they end when it is disabled), and is refused here as well.
 */
export async function getAdmin(auth: Auth, request: Request): Promise<Admin | null> {
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return null;
  const user = found.user as typeof found.user & { role?: string | null; banned?: boolean | null };
  if (user.banned) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === "owner" ? "owner" : "staff",
  };
}

/** Refuses a page or form whose admin's role may not do `permission`: 403 with a sentence. */
export function assertCan(admin: Admin, permission: Permission) {
  if (!can(admin.role, permission)) throw data(FORBIDDEN, { status: 403 });
}

/** For admin pages: without a session, off to /login (replacing the history entry). */
export async function requireAdmin(auth: Auth, request: Request, permission?: Permission) {
  const admin = await getAdmin(auth, request);
  if (!admin) throw redirect("/login");
  if (permission) assertCan(admin, permission);
  return admin;
}

/** For admin endpoints: without a session, 401 and no data; without the role, 403. */
export async function requireAdminApi(auth: Auth, request: Request, permission?: Permission) {
  const admin = await getAdmin(auth, request);
  if (!admin) throw apiError(401, "UNAUTHENTICATED", "Please log in.");
  if (permission && !can(admin.role, permission)) throw apiError(403, "FORBIDDEN", FORBIDDEN);
  return admin;
}
