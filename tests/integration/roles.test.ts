import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { discountCodes, orders, products, user } from "~/db/schema";
import { addAccount } from "~/modules/auth/accounts.server";
import { createAdmin } from "~/modules/auth/admins.server";
import { can, FORBIDDEN, type Permission } from "~/modules/auth/roles";
import { requestContext, type Services } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { adminRoutes, outcomeOf, paramSets, urlFor } from "../setup/admin-routes";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { testServices } from "../setup/services";

/**
 * Each role against every admin loader and action, from the route table: what a role may not do
 * is refused with 403 and a sentence (and changes nothing); what it may do gets past the check.
 * A new admin route or intent without a line in NEEDS fails the first test.
 */

const ORIGIN = "http://localhost:3000";
const env = parseSettings({ PUBLIC_URL: ORIGIN });
const OWNER = { email: "owner@roles.example", password: "owner-roles-secret" };
const STAFF = { email: "packer@roles.example", password: "packer-roles-secret" };

type Need = Permission | null;
/** Per handler (`loader|action file`), per intent, the permission it needs (null: any admin). */
const NEEDS: Record<string, Record<string, Need>> = {
  "loader routes/admin/dashboard.tsx": { "": null },
  "action routes/admin/dashboard.tsx": { nothing: null },
  "loader routes/admin/products.tsx": { "": { products: "view" } },
  "action routes/admin/products.tsx": {
    "toggle inStock": { products: "edit" },
    "toggle isFeatured": { products: "feature" },
  },
  "loader routes/admin/orders.tsx": { "": { orders: "view" } },
  "action routes/admin/orders.tsx": {
    status: { orders: "set-status" },
    fulfilment: { orders: "fulfil" },
    "undo-fulfilment": { orders: "fulfil" },
    refund: { orders: "refund" },
  },
  "loader routes/admin/order.tsx": { "": { orders: "view" } },
  "action routes/admin/order.tsx": {
    status: { orders: "set-status" },
    fulfilment: { orders: "fulfil" },
    "undo-fulfilment": { orders: "fulfil" },
    refund: { orders: "refund" },
  },
  "loader routes/admin/messages.tsx": { "": { orders: "view" } },
  "action routes/admin/messages.tsx": { resend: { orders: "view" } },
  "loader routes/admin/featured.tsx": { "": { products: "feature" } },
  "action routes/admin/featured.tsx": {
    move: { products: "feature" },
    reset: { products: "feature" },
  },
  "loader routes/admin/discounts.tsx": { "": { codes: "manage" } },
  "action routes/admin/discounts.tsx": { create: { codes: "manage" }, end: { codes: "manage" } },
  "loader routes/admin/accounts.tsx": { "": { accounts: "manage" } },
  "action routes/admin/accounts.tsx": {
    add: { accounts: "manage" },
    role: { accounts: "manage" },
    disable: { accounts: "manage" },
    reset: { accounts: "manage" },
  },
  "loader routes/admin/activity.tsx": { "": { activity: "view" } },
  "loader routes/admin/security.tsx": { "": null },
  "action routes/admin/security.tsx": {
    start: null,
    confirm: null,
    codes: null,
    disable: null,
    require: { accounts: "manage" },
    optional: { accounts: "manage" },
  },
  "action routes/admin/product-endpoint.ts": {
    create: { products: "create" },
    update: { products: "edit" },
    delete: { products: "delete" },
  },
  "loader routes/admin/orders-csv.ts": { "": { orders: "export" } },
  "loader routes/admin/packing-slip.tsx": { "": { orders: "view" } },
};

describe.each(databases)("each role against every admin route, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  let productId: string;
  let orderId: string;
  const cookies: Record<"owner" | "staff", string> = { owner: "", staff: "" };

  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle, {}, env);
    const [product] = await handle.db
      .insert(products)
      .values({
        name: "Roles Kitenge Dress",
        description: "Changed only by those allowed to.",
        category: "dresses",
        price: 4500,
        images: ["products/dresses/roles"],
        sizes: [],
      })
      .returning({ id: products.id });
    productId = product!.id;
    const [order] = await handle.db
      .insert(orders)
      .values({
        status: "Pending",
        amount: 4500,
        items: [{ productId, name: "Roles Kitenge Dress", quantity: 1, price: 4500 }],
        customerName: "Achieng Roles",
        customerPhone: "254712345678",
        customerEmail: "achieng@example.com",
      })
      .returning({ id: orders.id });
    orderId = order!.id;

    const owner = await createAdmin(services.auth, OWNER);
    const { token } = await addAccount(handle.db, owner.id, {
      name: "Packer",
      email: STAFF.email,
      role: "staff",
    });
    await services.auth.api.resetPassword({ body: { newPassword: STAFF.password, token } });
    cookies.owner = await adminSessionCookie(services, OWNER, "10.8.0.1", ORIGIN);
    cookies.staff = await adminSessionCookie(services, STAFF, "10.8.0.2", ORIGIN);
  });

  afterAll(() => handle?.dispose());

  /** Every handler of the route table with each intent NEEDS names for it. */
  function calls(role: "owner" | "staff") {
    return adminRoutes.flatMap((route) =>
      (["loader", "action"] as const).flatMap((kind) => {
        const handler = route.module[kind];
        if (!handler) return [];
        const needs = NEEDS[`${kind} ${route.file}`] ?? { "": undefined as unknown as Need };
        return Object.entries(needs).flatMap(([intent, need]) =>
          paramSets(route.path, route.path.includes("products/") ? productId : orderId)
            .filter((params) =>
              // The product endpoint: create without an id, update and delete with one.
              route.file.endsWith("product-endpoint.ts")
                ? (intent === "create") === !params.id
                : true,
            )
            .map((params) => ({
              label: `${kind} ${route.path} ${intent}`.trim(),
              key: `${kind} ${route.file}`,
              need,
              run: () => {
                const url = urlFor(ORIGIN, route.path, params);
                const headers = { Cookie: cookies[role], Origin: ORIGIN, Accept: "text/html" };
                const form = new FormData();
                const [name, field] = intent.split(" ");
                form.set("intent", name ?? "");
                if (field) form.set("field", field);
                form.set("productId", productId);
                form.set("orderId", orderId);
                form.set(
                  "id",
                  kind === "action" && route.path.endsWith("accounts") ? "nobody" : productId,
                );
                form.set("status", "Completed");
                form.set("to", "packed");
                form.set("direction", "up");
                form.set("code", "ROLES10");
                form.set("kind", "percent");
                form.set("value", "10");
                form.set("name", "Someone");
                form.set("email", `someone-${role}@roles.example`);
                form.set("role", "owner");
                form.set("amount", "100");
                form.set("reason", "roles test");
                form.set("method", "hand");
                return handler({
                  request:
                    kind === "loader"
                      ? new Request(url, { headers })
                      : new Request(url, { method: "POST", headers, body: form }),
                  params,
                  context: requestContext(services),
                });
              },
            })),
        );
      }),
    );
  }

  test("every admin handler has its permissions written down", () => {
    const handlers = adminRoutes.flatMap((r) =>
      (["loader", "action"] as const)
        .filter((kind) => typeof r.module[kind] === "function")
        .map((kind) => `${kind} ${r.file}`),
    );
    expect(handlers.filter((h) => !(h in NEEDS))).toEqual([]);
    expect(Object.keys(NEEDS).filter((h) => !handlers.includes(h))).toEqual([]);
  });

  test("staff are refused with 403 and a sentence wherever their role may not go, and nothing changes", async () => {
    const snapshot = async () => ({
      products: await handle.db.select().from(products),
      orders: await handle.db.select().from(orders),
      users: await handle.db.select().from(user),
      codes: await handle.db.select().from(discountCodes),
    });
    const before = await snapshot();
    const refused = calls("staff").filter((c) => c.need && !can("staff", c.need));
    expect(refused.map((c) => c.label)).toEqual(
      expect.arrayContaining([
        "loader admin/orders.csv",
        "loader admin/accounts",
        "loader admin/activity",
        "loader admin/discounts",
        "action admin/orders/:id refund",
        "action admin/orders/:id status",
        "action admin/products/:id? delete",
      ]),
    );
    const wrong: string[] = [];
    for (const call of refused) {
      const outcome = await outcomeOf(call.run);
      if (outcome !== `403 ${FORBIDDEN}`) wrong.push(`${call.label}: ${outcome}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  test("what a role may do gets past the check: staff within theirs, the owner everywhere", async () => {
    const wrong: string[] = [];
    for (const role of ["staff", "owner"] as const) {
      const allowed = calls(role).filter((c) => !c.need || can(role, c.need));
      expect(allowed.length).toBeGreaterThan(10);
      for (const call of allowed) {
        const outcome = await outcomeOf(call.run);
        if (/^(403|401|30\d \/login)/.test(outcome))
          wrong.push(`${role} ${call.label}: ${outcome}`);
      }
    }
    expect(wrong).toEqual([]);
    // Staff may pack: the packing slip and the fulfilment step above went through for them.
    expect(can("staff", { orders: "fulfil" })).toBe(true);
  });

  test("the dashboard shows staff the counts and never the money", async () => {
    const dashboard = adminRoutes.find((r) => r.file === "routes/admin/dashboard.tsx")!;
    const frame = async (role: "owner" | "staff") =>
      (await dashboard.module.loader!({
        request: new Request(`${ORIGIN}/admin`, { headers: { Cookie: cookies[role] } }),
        params: {},
        context: requestContext(services),
      })) as {
        data: {
          stats: { money: unknown; totalOrders: number };
          revenueDays: unknown;
          can: { revenue: boolean };
        };
      };
    const staff = await frame("staff");
    expect(staff.data.stats.money).toBeNull();
    expect(staff.data.revenueDays).toBeNull();
    expect(staff.data.can.revenue).toBe(false);
    expect(staff.data.stats.totalOrders).toBe(1);
    const owner = await frame("owner");
    expect(owner.data.stats.money).toMatchObject({ revenue: expect.any(Number) });
    expect(owner.data.can.revenue).toBe(true);
  });
});
