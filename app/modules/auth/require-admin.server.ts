import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { apiError } from "~/utils/api-error";
import type { Auth } from "./auth.server";
import { can, FORBIDDEN, type Permission, type Role } from "./roles";
import { twoFactorRequired } from "./two-factor-policy.server";

export type Admin = {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Whether the account signs in with an authenticator app as well as its password. */
  twoFactor: boolean;
};

type Services = { auth: Auth; db: Db };

/** Where an account the owner requires a second factor of sets one up. */
export const SECURITY_PATH = "/admin/security";

/**
 * The signed-in admin, or null. Every admin loader, action and endpoint starts here. A disabled
 * account has no sessions left (they end when it is disabled), and is refused here as well.
 */
export async function getAdmin(auth: Auth, request: Request): Promise<Admin | null> {
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return null;
  const user = found.user as typeof found.user & {
    role?: string | null;
    banned?: boolean | null;
    twoFactorEnabled?: boolean | null;
  };
  if (user.banned) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === "owner" ? "owner" : "staff",
    twoFactor: Boolean(user.twoFactorEnabled),
  };
}

/** Refuses a page or form whose admin's role may not do `permission`: 403 with a sentence. */
export function assertCan(admin: Admin, permission: Permission) {
  if (!can(admin.role, permission)) throw data(FORBIDDEN, { status: 403 });
}

/**
 * For admin pages: without a session, off to /login (replacing the history entry); where the
 * owner requires a second factor and the account has none yet, off to set one up first.
 */
export async function requireAdmin(
  { auth, db }: Services,
  request: Request,
  permission?: Permission,
) {
  const admin = await getAdmin(auth, request);
  if (!admin) throw redirect("/login");
  if (!admin.twoFactor && !isSecurityPage(request) && (await twoFactorRequired(db))) {
    throw redirect(SECURITY_PATH);
  }
  if (permission) assertCan(admin, permission);
  return admin;
}

/** The page (and its frame's loader, and the frame's logout) an account without a second factor may use. */
function isSecurityPage(request: Request) {
  const url = new URL(request.url);
  if (url.pathname === SECURITY_PATH) return true;
  // The frame's own action is the logout; the products list posts to `/admin?index`.
  return request.method === "POST" && url.pathname === "/admin" && !url.searchParams.has("index");
}

/** For admin endpoints: without a session, 401 and no data; without the role, 403. */
export async function requireAdminApi(
  { auth, db }: Services,
  request: Request,
  permission?: Permission,
) {
  const admin = await getAdmin(auth, request);
  if (!admin) throw apiError(401, "UNAUTHENTICATED", "Please log in.");
  if (!admin.twoFactor && (await twoFactorRequired(db))) {
    throw apiError(403, "TWO_FACTOR_REQUIRED", "Please set up two-factor sign-in first.");
  }
  if (permission && !can(admin.role, permission)) throw apiError(403, "FORBIDDEN", FORBIDDEN);
  return admin;
}
