import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements } from "better-auth/plugins/admin/access";
import { isRole, type Role } from "./role-names";

/**
 * Who may do what in the back office, with better-auth's access control (the admin plugin checks
 * its own endpoints against the same roles). 'owner' does everything; 'staff' packs and sends
 * orders (not their payment status) and keeps the catalogue (adds, edits, hides, features, sets
 * stock; never deletes), and never sees money figures, the customer export, discount codes,
 * refunds, accounts or the activity trail.
 */
export const statements = {
  ...defaultStatements,
  orders: ["view", "fulfil", "set-status", "refund", "export"],
  products: ["view", "edit", "create", "delete", "feature"],
  revenue: ["view"],
  codes: ["manage"],
  accounts: ["manage"],
  activity: ["view"],
} as const;

export const ac = createAccessControl(statements);

export const roles = {
  owner: ac.newRole({
    ...adminAc.statements,
    orders: [...statements.orders],
    products: [...statements.products],
    revenue: ["view"],
    codes: ["manage"],
    accounts: ["manage"],
    activity: ["view"],
  }),
  staff: ac.newRole({
    orders: ["view", "fulfil"],
    products: ["view", "create", "edit", "feature"],
  }),
};

export { isRole, ROLE_LABELS, ROLES, type Role } from "./role-names";

type Statements = typeof statements;
/** One permission: a resource and one of its actions, e.g. { products: "delete" }. */
export type Permission = {
  [R in keyof Statements]: { [K in R]: Statements[R][number] };
}[keyof Statements];

/** Whether `role` may do `permission`; an unknown role may do nothing. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  if (!isRole(role)) return false;
  const [[resource, action]] = Object.entries(permission) as [[string, string]];
  return roles[role].authorize({ [resource]: [action] }).success;
}

export const FORBIDDEN = "Your account cannot do this. Please ask the shop's owner.";

/** What the back office's pages show or hide for a role (the server checks every request again). */
export function abilities(role: Role) {
  return {
    revenue: can(role, { revenue: "view" }),
    exportOrders: can(role, { orders: "export" }),
    setOrderStatus: can(role, { orders: "set-status" }),
    refund: can(role, { orders: "refund" }),
    deleteProducts: can(role, { products: "delete" }),
    codes: can(role, { codes: "manage" }),
    accounts: can(role, { accounts: "manage" }),
    activity: can(role, { activity: "view" }),
  };
}
export type Abilities = ReturnType<typeof abilities>;
