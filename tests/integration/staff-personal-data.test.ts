import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditEvents, orders } from "~/db/schema";
import { listActivity } from "~/modules/audit/audit.server";
import { addAccount } from "~/modules/auth/accounts.server";
import { createAdmin } from "~/modules/auth/admins.server";
import { loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as csvLoader } from "~/routes/admin/orders-csv";
import { loader as slipLoader } from "~/routes/admin/packing-slip";
import type { Services } from "~/services.server";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";

const ORIGIN = "http://localhost:3000";
const OWNER = { email: "amani@privacy.example", password: "owner-privacy-secret" };
const STAFF = { email: "packer@privacy.example", password: "staff-privacy-secret" };
const PHONE = "254712345678";
const EMAIL = "wanjiru@example.co.ke";
const ADDRESS = "Ngong Road 12, Apartment 4B";

/**
 * Customers' details in the back office (issue 40, decision 48): staff see them in full only on
 * an order in the packing steps, and each such view is in the activity trail under their name;
 * elsewhere (other orders, every row of the list) masked. Owners see all; the CSV export, every
 * customer's details at once, is recorded.
 */
describe.each(databases)("what staff see of customers, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  const cookies = { owner: "", staff: "" };
  let staffId = "";
  const ids = { packing: "", delivered: "", pending: "" };

  const get = async <T>(
    load: (args: never) => Promise<T>,
    role: keyof typeof cookies,
    path: string,
    params: Record<string, string> = {},
  ) => {
    const request = new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookies[role] } });
    const answer = (await load(routeArgs<never>(services, request, { params }))) as {
      data: unknown;
    };
    return answer;
  };
  const orderPage = async (role: keyof typeof cookies, id: string) =>
    JSON.stringify((await get(orderLoader, role, `/admin/orders/${id}`, { id })).data);
  const viewsBy = (actorId: string) =>
    handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, actorId), eq(auditEvents.action, "viewed-details")));

  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle);
    const paid = {
      state: "COMPLETED" as const,
      amount: 3000,
      currency: "KES",
      merchantReference: "x",
      paymentMethod: "M-Pesa",
      confirmationCode: "QK1",
      description: null,
    };
    const order = (
      fulfilmentState: "to_pack" | "delivered" | null,
      status: "Completed" | "Pending",
    ) => ({
      status,
      amount: 3000,
      items: [{ productId: "p1", name: "Imani Dress", quantity: 1, price: 3000 }],
      customerName: "Wanjiru Kamau",
      customerPhone: PHONE,
      customerEmail: EMAIL,
      address: ADDRESS,
      city: "Nairobi",
      deliveryMethod: "rider",
      ...(status === "Completed" ? { paymentStatus: paid } : {}),
      fulfilmentState,
    });
    const rows = await handle.db
      .insert(orders)
      .values([
        order("to_pack", "Completed"),
        order("delivered", "Completed"),
        order(null, "Pending"),
      ])
      .returning({ id: orders.id });
    ids.packing = rows[0]!.id;
    ids.delivered = rows[1]!.id;
    ids.pending = rows[2]!.id;
    const owner = await createAdmin(services.auth, OWNER);
    const { id, token } = await addAccount(handle.db, owner.id, {
      name: "Packer",
      email: STAFF.email,
      role: "staff",
    });
    staffId = id;
    await services.auth.api.resetPassword({ body: { newPassword: STAFF.password, token } });
    cookies.owner = await adminSessionCookie(services, OWNER, "10.7.0.1", ORIGIN);
    cookies.staff = await adminSessionCookie(services, STAFF, "10.7.0.2", ORIGIN);
  });
  afterAll(() => handle?.dispose());

  test("staff see an order being packed in full, and the view is recorded under their name", async () => {
    const page = await orderPage("staff", ids.packing);
    expect(page).toContain(PHONE);
    expect(page).toContain(EMAIL);
    expect(page).toContain(ADDRESS);
    const slip = JSON.stringify(
      (await get(slipLoader, "staff", `/admin/orders/${ids.packing}/slip`, { id: ids.packing }))
        .data,
    );
    expect(slip).toContain(ADDRESS);
    const views = await viewsBy(staffId);
    expect(views.map((v) => [v.subjectId, v.after])).toEqual([
      [ids.packing, { via: "order page" }],
      [ids.packing, { via: "packing slip" }],
    ]);
    // In the owner's words, in the activity trail.
    const trail = await listActivity(handle.db, { actorId: staffId });
    expect(trail.entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Opened the customer details of order [A-Z0-9]{8}$/),
        expect.stringMatching(
          /^Opened the customer details of order [A-Z0-9]{8} \(packing slip\)$/,
        ),
      ]),
    );
  });

  test("outside the packing steps, and in the list, staff read masked details and nothing is recorded", async () => {
    const before = (await viewsBy(staffId)).length;
    for (const id of [ids.delivered, ids.pending]) {
      const page = await orderPage("staff", id);
      expect(page).toContain("07•• ••• 678");
      expect(page).toContain("w•••@example.co.ke");
      expect(page).not.toContain(PHONE);
      expect(page).not.toContain("345");
      expect(page).not.toContain(EMAIL);
      expect(page).not.toContain("Ngong");
      // No way round it through the shopper's own page, which shows the details.
      expect(page).not.toContain("/orders/");
    }
    const list = JSON.stringify((await get(ordersLoader, "staff", "/admin/orders")).data);
    expect(list).toContain("Wanjiru Kamau");
    expect(list).not.toContain(PHONE);
    expect(list).not.toContain(EMAIL);
    expect(list).not.toContain("Ngong");
    expect((await viewsBy(staffId)).length).toBe(before);
  });

  test("owners see every order in full; their CSV export is in the activity trail", async () => {
    for (const id of [ids.delivered, ids.pending]) {
      expect(await orderPage("owner", id)).toContain(PHONE);
    }
    const list = JSON.stringify((await get(ordersLoader, "owner", "/admin/orders")).data);
    expect(list).toContain(EMAIL);
    const csv = (await get(csvLoader, "owner", "/admin/orders.csv?status=Completed")) as unknown;
    expect(await (csv as Response).text()).toContain(EMAIL);
    const exports = await handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "exported"));
    expect(exports.map((e) => e.after)).toEqual([{ status: "Completed" }]);
    const trail = await listActivity(handle.db, {});
    expect(trail.entries.map((e) => e.summary)).toContain(
      "Exported the Completed orders with customers' details (CSV)",
    );
  });
});
