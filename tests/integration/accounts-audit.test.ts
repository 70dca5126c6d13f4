import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditEvents, orders, products, session } from "~/db/schema";
import { toggleProduct } from "~/flows/arrange-products.server";
import { changeOrderStatus } from "~/flows/change-order-status.server";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { historyOf, listActivity } from "~/modules/audit/audit.server";
import {
  ACCOUNT_MESSAGES,
  AccountError,
  addAccount,
  listAccounts,
  resetPassword,
  setDisabled,
  setRole,
} from "~/modules/auth/accounts.server";
import { createAdmin } from "~/modules/auth/admins.server";
import { DISABLED } from "~/modules/auth/auth.server";
import { WRONG_CREDENTIALS } from "~/modules/auth/login.server";
import { action as accountsAction } from "~/routes/admin/accounts";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as loginAction } from "~/routes/admin/login";
import {
  LINK_GONE,
  action as setPasswordAction,
  loader as setPasswordLoader,
} from "~/routes/admin/set-password";
import type { Services } from "~/services.server";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { routeArgs, testServices, testSettings } from "../setup/services";
import { startSmtpServer } from "../setup/smtp-server";

const ORIGIN = "http://localhost:3000";
const OWNER = { email: "wanjiru@accounts.example", password: "owner-accounts-secret" };

describe.each(databases)("accounts and the audit trail, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  let ownerId: string;

  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle);
    ownerId = (await createAdmin(services.auth, OWNER)).id;
  });
  afterAll(() => handle?.dispose());

  async function login(email: string, password: string, ip = "10.20.0.1") {
    const request = new Request(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({ email, password }),
    });
    try {
      const answer = (await loginAction(routeArgs(services, request, { clientAddress: ip }))) as {
        data: { error: string };
      };
      return { error: answer.data.error, cookie: "" };
    } catch (thrown) {
      const response = thrown as Response;
      return { error: "", cookie: (response.headers.get("set-cookie") ?? "").split(";")[0]! };
    }
  }

  /** The set-password page's form, posted as a browser would. */
  async function setPassword(token: string, password: string, confirm = password) {
    const request = new Request(`${ORIGIN}/login/set-password/${token}`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({ password, confirm }),
    });
    try {
      const answer = (await setPasswordAction(
        routeArgs(services, request, { params: { token } }),
      )) as { data: { errors: Record<string, string> }; init: ResponseInit };
      return { status: answer.init.status, errors: answer.data.errors };
    } catch (thrown) {
      const response = thrown as Response;
      return { status: response.status, location: response.headers.get("location") };
    }
  }

  /** Whether the cookie still opens the dashboard. */
  async function opensDashboard(cookie: string) {
    try {
      await dashboardLoader(
        routeArgs(services, new Request(`${ORIGIN}/admin`, { headers: { Cookie: cookie } })),
      );
      return true;
    } catch (thrown) {
      if (thrown instanceof Response && thrown.headers.get("location") === "/login") return false;
      throw thrown;
    }
  }

  test("a new person sets their own password through a one-time link, then signs in as staff", async () => {
    const { token } = await addAccount(handle.db, ownerId, {
      name: "Otieno",
      email: "otieno@accounts.example",
      role: "staff",
    });
    const page = (await setPasswordLoader(
      routeArgs(services, new Request(`${ORIGIN}/login/set-password/${token}`), {
        params: { token },
      }),
    )) as { data: { holder: { email: string } | null } };
    expect(page.data.holder?.email).toBe("otieno@accounts.example");
    // Before the link is used there is no password to guess.
    expect((await login("otieno@accounts.example", "anything-at-all")).error).toBe(
      WRONG_CREDENTIALS,
    );

    expect(await setPassword(token, "short")).toMatchObject({
      status: 400,
      errors: { password: "Please choose a password of 10 to 128 characters." },
    });
    expect(await setPassword(token, "packer-password-1", "packer-password-2")).toMatchObject({
      status: 400,
      errors: { confirm: "The two passwords are not the same." },
    });
    expect(await setPassword(token, "packer-password-1")).toEqual({
      status: 303,
      location: "/login?password=set",
    });
    // Once only.
    expect(await setPassword(token, "someone-elses-pass")).toMatchObject({
      status: 410,
      errors: { password: LINK_GONE },
    });
    const signedIn = await login("otieno@accounts.example", "packer-password-1");
    expect(signedIn.error).toBe("");
    expect(await opensDashboard(signedIn.cookie)).toBe(true);

    const row = (await listAccounts(handle.db)).find((a) => a.email === "otieno@accounts.example");
    expect(row).toMatchObject({ role: "staff", disabled: false, hasPassword: true });
    expect(row?.lastSignInAt).toBeInstanceOf(Date);
    await expect(
      addAccount(handle.db, ownerId, {
        name: "Again",
        email: "otieno@accounts.example",
        role: "staff",
      }),
    ).rejects.toThrow(ACCOUNT_MESSAGES.taken("otieno@accounts.example"));
  });

  test("a disabled account's live session is refused on its next request; it cannot sign in again", async () => {
    const { id, token } = await addAccount(handle.db, ownerId, {
      name: "Leaver",
      email: "leaver@accounts.example",
      role: "staff",
    });
    await setPassword(token, "leaver-password-1");
    const { cookie } = await login("leaver@accounts.example", "leaver-password-1");
    expect(await opensDashboard(cookie)).toBe(true);

    await setDisabled(handle.db, ownerId, id, true);
    expect(await opensDashboard(cookie)).toBe(false);
    expect(await handle.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    expect((await login("leaver@accounts.example", "leaver-password-1")).error).toBe(DISABLED);

    await setDisabled(handle.db, ownerId, id, false);
    expect((await login("leaver@accounts.example", "leaver-password-1")).error).toBe("");
  });

  test("a reset stops the old password and every session at once; the new link sets another", async () => {
    const { id, token } = await addAccount(handle.db, ownerId, {
      name: "Forgetful",
      email: "forgetful@accounts.example",
      role: "staff",
    });
    await setPassword(token, "forgetful-password-1");
    const { cookie } = await login("forgetful@accounts.example", "forgetful-password-1");
    const fresh = await resetPassword(handle.db, ownerId, id);
    expect(await opensDashboard(cookie)).toBe(false);
    expect((await login("forgetful@accounts.example", "forgetful-password-1")).error).toBe(
      WRONG_CREDENTIALS,
    );
    await setPassword(fresh, "forgetful-password-2");
    expect((await login("forgetful@accounts.example", "forgetful-password-2")).error).toBe("");
  });

  test("the shop keeps an active owner who can sign in: the last one cannot be demoted or disabled", async () => {
    const second = await addAccount(handle.db, ownerId, {
      name: "Second Owner",
      email: "second@accounts.example",
      role: "owner",
    });
    // Still without a password: the first owner is the only one who can sign in.
    await expect(setRole(handle.db, second.id, ownerId, "staff")).rejects.toThrow(
      ACCOUNT_MESSAGES.lastOwner,
    );
    await expect(setDisabled(handle.db, second.id, ownerId, true)).rejects.toThrow(
      ACCOUNT_MESSAGES.lastOwner,
    );
    await expect(setRole(handle.db, ownerId, ownerId, "staff")).rejects.toThrow(AccountError);
    await setPassword(second.token, "second-owner-pass");
    await setRole(handle.db, second.id, ownerId, "staff");
    await expect(setRole(handle.db, second.id, second.id, "staff")).rejects.toThrow(
      ACCOUNT_MESSAGES.yourself,
    );
    await expect(setRole(handle.db, ownerId, second.id, "staff")).rejects.toThrow(
      ACCOUNT_MESSAGES.lastOwner,
    );
    await expect(setDisabled(handle.db, ownerId, second.id, true)).rejects.toThrow(
      ACCOUNT_MESSAGES.lastOwner,
    );
    // Back as it was, for the tests after this one.
    await setRole(handle.db, second.id, ownerId, "owner");
    const owners = (await listAccounts(handle.db)).filter((a) => a.role === "owner");
    expect(owners.map((a) => a.email).sort()).toEqual(["second@accounts.example", OWNER.email]);
  });

  test("audit rows are written with the change, with the values before and after, and absent when it rolls back", async () => {
    const [product] = await handle.db
      .insert(products)
      .values({
        name: "Audited Shirt",
        description: "Every change is someone's.",
        category: "shirts",
        price: 3000,
        images: ["products/shirts/audited"],
        sizes: [],
      })
      .returning({ id: products.id });
    const id = product!.id;
    // A change without an admin (a shopper's, a job's) is not the back office's.
    expect(await historyOf(handle.db, "product", id)).toEqual([]);

    await expect(
      asAdmin(handle.db, ownerId, async (tx) => {
        await tx.update(products).set({ price: 2500 }).where(eq(products.id, id));
        throw new Error("the save failed half way");
      }),
    ).rejects.toThrow("half way");
    expect(await historyOf(handle.db, "product", id)).toEqual([]);

    await asAdmin(handle.db, ownerId, (tx) =>
      tx.update(products).set({ price: 2500 }).where(eq(products.id, id)),
    );
    await toggleProduct(handle.db, id, "inStock", ownerId);
    const history = await historyOf(handle.db, "product", id);
    expect(history.map((h) => h.summary)).toEqual([
      'Hid product "Audited Shirt" (In Stock off)',
      'Changed the price of "Audited Shirt"',
    ]);
    expect(history[1]!.changes).toEqual([{ field: "Price", from: "KSh 3,000", to: "KSh 2,500" }]);
    expect(history.every((h) => h.actor === "wanjiru")).toBe(true);

    const [order] = await handle.db
      .insert(orders)
      .values({
        status: "Pending",
        amount: 3000,
        items: [{ productId: id, name: "Audited Shirt", quantity: 1, price: 3000 }],
        customerName: "Audit Customer",
        customerPhone: "254700000001",
        customerEmail: "audit@example.com",
      })
      .returning({ id: orders.id });
    await changeOrderStatus(handle.db, {
      orderId: order!.id,
      status: "Completed",
      adminId: ownerId,
    });
    const orderHistory = await historyOf(handle.db, "order", order!.id);
    expect(orderHistory[0]).toMatchObject({
      summary: `Set order ${order!.id.slice(0, 8).toUpperCase()} to Completed`,
      href: `/admin/orders/${order!.id}`,
    });
    expect(orderHistory[0]!.changes).toContainEqual({
      field: "Status",
      from: "Pending",
      to: "Completed",
    });
  });

  test("the activity lists sign-ins and account changes, filtered by person, kind and day", async () => {
    await login(OWNER.email, "not-the-password", "10.20.0.9");
    const signIns = await listActivity(handle.db, { entity: "signin" });
    expect(signIns.entries.map((e) => e.summary)).toContain(
      `Failed sign-in as ${OWNER.email} from 10.20.0.9`,
    );
    expect(signIns.entries.some((e) => e.summary.startsWith("Signed in from"))).toBe(true);

    const accounts = await listActivity(handle.db, { entity: "account", actorId: ownerId });
    const summaries = accounts.entries.map((e) => e.summary);
    expect(summaries).toContain("Added the account otieno@accounts.example (Staff)");
    expect(summaries).toContain("Disabled the account leaver@accounts.example");
    expect(summaries).toContain("Enabled the account leaver@accounts.example");
    expect(summaries).toContain("Reset the password of forgetful@accounts.example");
    const bySecond = await listActivity(handle.db, { entity: "account" });
    expect(
      bySecond.entries.filter((e) => e.summary === `Changed the role of ${OWNER.email}`),
    ).toHaveLength(2);

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Nairobi" }).format(
      new Date(),
    );
    expect((await listActivity(handle.db, { from: today, to: today })).total).toBeGreaterThan(10);
    expect((await listActivity(handle.db, { to: "2020-01-01" })).total).toBe(0);
    // No password, hash or token is ever written to the trail.
    const { rows } = await handle.db.execute<{ text: string }>(
      sql`select coalesce(${auditEvents.before}::text, '') || coalesce(${auditEvents.after}::text, '') as text from ${auditEvents}`,
    );
    expect(rows.some((r) => /password-1|scrypt|\$/.test(r.text))).toBe(false);
  });

  test("with SMTP set up, the owner's new person also gets the link by email; the outbox never holds it", async () => {
    const smtp = await startSmtpServer();
    try {
      const mailing = await testServices(
        handle,
        {},
        testSettings({ SMTP_URL: smtp.url, MAIL_FROM: "shop@accounts.example" }),
      );
      const owner = await adminSessionCookie(mailing, OWNER, "10.20.1.1", ORIGIN);
      const answer = (await accountsAction(
        routeArgs(
          mailing,
          new Request(`${ORIGIN}/admin/accounts`, {
            method: "POST",
            headers: { Origin: ORIGIN, Cookie: owner },
            body: new URLSearchParams({
              intent: "add",
              name: "Mailed Person",
              email: "Mailed@Accounts.example",
              role: "staff",
            }),
          }),
        ),
      )) as { shown: { link: string; emailed: boolean; email: string } };
      expect(answer.shown).toMatchObject({ emailed: true, email: "mailed@accounts.example" });
      expect(answer.shown.link).toMatch(
        /^http:\/\/localhost:3000\/login\/set-password\/[\w-]{32}$/,
      );
      expect(smtp.recipients()).toEqual(["mailed@accounts.example"]);
      expect(smtp.received[0]!.mail.text).toContain(answer.shown.link);
      const { rows } = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from messages where body like ${`%${answer.shown.link}%`}`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});
