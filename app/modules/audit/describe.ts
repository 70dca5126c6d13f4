import type { Change, ActivityEntry as ShownActivity } from "~/terms/back-office-views";
import { categoryName } from "~/terms/categories";
import { FULFILMENT_LABELS, isFulfilmentState } from "~/terms/fulfilment-states";
import { formatKsh } from "~/terms/money";
import { orderReference } from "~/terms/order-reference";
import { formatDateTime } from "~/utils/dates";

/**
 * The audit trail in the owner's words: what a recorded change did, its fields before and after.
 * Pure, so the words are tested without a database. The triggers store rows as the database
 * names them (snake_case); only the columns that changed, with the product's name, the stock
 * row's size and the account's email kept alongside to say which one it was.
 */
export const AUDIT_ENTITIES = [
  "product",
  "stock",
  "order",
  "refund",
  "code",
  "account",
  "signin",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const ENTITY_LABELS: Record<AuditEntity, string> = {
  product: "Products",
  stock: "Stock",
  order: "Orders",
  refund: "Refunds",
  code: "Discount codes",
  account: "Accounts",
  signin: "Sign-ins",
};

export const isAuditEntity = (value: unknown): value is AuditEntity =>
  typeof value === "string" && (AUDIT_ENTITIES as readonly string[]).includes(value);

type Kind =
  | "text"
  | "money"
  | "date"
  | "yesno"
  | "list"
  | "count"
  | "category"
  | "fulfilment"
  | "role"
  | "refund-method";

/** The fields worth a line, by entity: their label and how their values read. */
const FIELDS: Partial<Record<AuditEntity, Record<string, [string, Kind]>>> = {
  product: {
    name: ["Name", "text"],
    category: ["Category", "category"],
    price: ["Price", "money"],
    original_price: ["Original price", "money"],
    sale_price: ["Sale price", "money"],
    sale_starts_at: ["Sale starts", "date"],
    sale_ends_at: ["Sale ends", "date"],
    description: ["Description", "text"],
    details: ["Details", "text"],
    sizes: ["Sizes", "list"],
    images: ["Photos", "count"],
    in_stock: ["In stock", "yesno"],
    is_featured: ["Featured", "yesno"],
    featured_position: ["Place on Home", "text"],
    low_stock_at: ["Low-stock line", "text"],
  },
  stock: { quantity: ["Pieces", "text"] },
  order: {
    status: ["Status", "text"],
    fulfilment_state: ["Fulfilment", "fulfilment"],
    fulfilment_note: ["Note to the customer", "text"],
    refunded: ["Refunded", "money"],
    stock_state: ["Stock", "text"],
  },
  refund: {
    amount: ["Amount", "money"],
    method: ["How", "refund-method"],
    reason: ["Reason", "text"],
    state: ["State", "text"],
    failure: ["Provider's answer", "text"],
  },
  code: {
    kind: ["Gives", "text"],
    value: ["Value", "text"],
    min_order: ["Smallest order", "money"],
    starts_at: ["Starts", "date"],
    ends_at: ["Ends", "date"],
    total_limit: ["Uses in all", "text"],
    per_customer_limit: ["Uses per customer", "text"],
    active: ["Running", "yesno"],
  },
  account: {
    name: ["Name", "text"],
    role: ["Role", "role"],
    banned: ["Disabled", "yesno"],
  },
};

function show(value: unknown, kind: Kind): string {
  if (value === null || value === undefined || value === "") return "none";
  switch (kind) {
    case "money":
      return typeof value === "number" ? formatKsh(value) : String(value);
    case "date":
      return formatDateTime(String(value));
    case "yesno":
      return value ? "yes" : "no";
    case "list":
      return Array.isArray(value) && value.length ? value.join(", ") : "none";
    case "count":
      return Array.isArray(value) ? String(value.length) : String(value);
    case "category":
      return categoryName(String(value));
    case "refund-method":
      return value === "hand"
        ? "by hand"
        : value === "provider"
          ? "through the provider"
          : "reversed by the provider";
    case "role":
      return value === "owner" ? "Owner" : value === "staff" ? "Staff" : String(value);
    case "fulfilment":
      return isFulfilmentState(value) ? FULFILMENT_LABELS[value] : String(value);
    default: {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return text.length > 120 ? `${text.slice(0, 117)}...` : text;
    }
  }
}

export type RecordedChange = {
  entity: AuditEntity;
  action: string;
  subjectId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/**
 * The labelled fields a change set: those whose value differs in an update, those a new row was
 * given (a false or empty one says nothing), none for a deletion or a recorded act.
 */
function changesOf({ entity, action, before, after }: RecordedChange): Change[] {
  if (action !== "insert" && action !== "update") return [];
  const fields = FIELDS[entity] ?? {};
  return Object.entries(fields).flatMap(([key, [label, kind]]) => {
    if (!after || !(key in after)) return [];
    const from = before?.[key];
    const to = after[key];
    if (action === "insert") {
      const empty = to === null || to === false || to === "" || (Array.isArray(to) && !to.length);
      return empty ? [] : [{ field: label, from: "", to: show(to, kind) }];
    }
    if (JSON.stringify(from) === JSON.stringify(to)) return [];
    return [{ field: label, from: show(from, kind), to: show(to, kind) }];
  });
}

const quoted = (value: unknown) => `"${String(value ?? "")}"`;

/** One recorded change: a sentence, its fields before and after, and where to see the thing. */
export function describeChange(change: RecordedChange): {
  summary: string;
  changes: Change[];
  href: string | null;
} {
  const { entity, action, subjectId, before, after } = change;
  const row = { ...before, ...after };
  const changes = changesOf(change);
  const id = subjectId ?? "";
  switch (entity) {
    case "product": {
      const name = quoted(row.name);
      const href = action === "delete" ? null : `/admin?edit=${encodeURIComponent(id)}`;
      if (action === "insert") return { summary: `Added product ${name}`, changes, href };
      if (action === "delete") return { summary: `Deleted product ${name}`, changes, href };
      const only = changes.length === 1 ? changes[0]!.field : null;
      const summary =
        only === "In stock"
          ? `${after?.in_stock ? "Showed" : "Hid"} product ${name} (In Stock ${after?.in_stock ? "on" : "off"})`
          : only === "Featured"
            ? `${after?.is_featured ? "Featured" : "Unfeatured"} product ${name}`
            : only === "Price"
              ? `Changed the price of ${name}`
              : `Edited product ${name}`;
      return { summary, changes, href };
    }
    case "stock": {
      const size = row.size ? ` (size ${row.size})` : "";
      const what =
        action === "delete"
          ? "Stopped counting stock"
          : action === "insert"
            ? "Started counting stock"
            : "Changed stock";
      return {
        summary: `${what} of product ${id}${size}`,
        changes,
        href: `/admin?history=${encodeURIComponent(id)}`,
      };
    }
    case "order": {
      // Views of customers' details, written by the code that shows them (decision 61).
      if (action === "viewed-details") {
        const via = after?.via === "packing slip" ? " (packing slip)" : "";
        return {
          summary: `Opened the customer details of order ${orderReference(id)}${via}`,
          changes: [],
          href: `/admin/orders/${id}`,
        };
      }
      if (action === "exported") {
        const which = after?.status && after.status !== "all" ? `${String(after.status)} ` : "";
        return {
          summary: `Exported the ${which}orders with customers' details (CSV)`,
          changes: [],
          href: "/admin/orders",
        };
      }
      const status = changes.find((c) => c.field === "Status");
      const step = changes.find((c) => c.field === "Fulfilment");
      const summary = status
        ? `Set order ${orderReference(id)} to ${status.to}`
        : step
          ? `Marked order ${orderReference(id)} ${step.to}`
          : `Changed order ${orderReference(id)}`;
      return { summary, changes, href: `/admin/orders/${id}` };
    }
    case "refund": {
      const amount = typeof row.amount === "number" ? formatKsh(row.amount) : "";
      const order = orderReference(id);
      const summary =
        action === "insert"
          ? row.method === "hand"
            ? `Refunded ${amount} of order ${order} by hand`
            : `Asked the payment's provider to refund ${amount} of order ${order}`
          : row.state === "done"
            ? `The provider refunded ${amount} of order ${order}`
            : row.state === "failed"
              ? `The provider refused to refund ${amount} of order ${order}`
              : `Changed the refund of ${amount} on order ${order}`;
      return { summary, changes, href: `/admin/orders/${id}` };
    }
    case "code": {
      const summary =
        action === "insert"
          ? `Created discount code ${id}`
          : action === "delete"
            ? `Deleted discount code ${id}`
            : changes.length === 1 && changes[0]!.field === "Running"
              ? after?.active
                ? `Started discount code ${id} again`
                : `Ended discount code ${id}`
              : `Changed discount code ${id}`;
      return { summary, changes, href: "/admin/discounts" };
    }
    case "account": {
      const email = String(row.email ?? "an account");
      // What an account's own acts read as (written by the code); else the row's change.
      const acts: Record<string, string> = {
        insert: `Added the account ${email} (${show(row.role, "role")})`,
        "password-reset": `Reset the password of ${email}`,
        "password-set": `${email} set a password through their link`,
        "two-factor-on": `${email} turned on two-factor sign-in`,
        "two-factor-off": `${email} turned off two-factor sign-in`,
        "two-factor-required": "Required two-factor sign-in for every account",
        "two-factor-optional": "Made two-factor sign-in optional",
      };
      const changed = (field: string) => changes.some((c) => c.field === field);
      const summary =
        (Object.hasOwn(acts, action) ? acts[action] : undefined) ??
        (changed("Disabled")
          ? `${after?.banned ? "Disabled" : "Enabled"} the account ${email}`
          : changed("Role")
            ? `Changed the role of ${email}`
            : `Changed the account ${email}`);
      return { summary, changes, href: "/admin/accounts" };
    }
    case "signin": {
      const from = after?.address ? ` from ${String(after.address)}` : "";
      const summary =
        action === "succeeded"
          ? `Signed in${from}`
          : after?.step === "code"
            ? `Wrong sign-in code for ${String(after?.email ?? "?")}${from}`
            : `Failed sign-in as ${String(after?.email ?? "?")}${from}`;
      return { summary, changes: [], href: null };
    }
  }
}

/** A recorded change as the back office's pages show it, with what it changed. */
export type { Change };
export type ActivityEntry = ShownActivity & { entity: AuditEntity };
