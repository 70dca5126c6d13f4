/**
 * The back office's roles by name, for pages and forms: pure, and free of better-auth, so a page
 * that names a role ships none of the access control (roles.ts) to the browser.
 */
export const ROLES = ["owner", "staff"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", staff: "Staff" };

export const isRole = (value: unknown): value is Role =>
  typeof value === "string" && (ROLES as readonly string[]).includes(value);
