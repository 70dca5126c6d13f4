import { like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { createAdmin } from "~/modules/auth/admins.server";
import { firstOwnerToken } from "~/modules/auth/first-owner.server";
import { action as setupAction, loader as setupLoader } from "~/routes/admin/first-owner";
import { action as loginAction } from "~/routes/admin/login";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";

const ORIGIN = "http://localhost:3000";
const OWNER = {
  name: "Amani Wanjiku",
  email: "amani@first-owner.example",
  password: "kanga-za-pwani-2026",
};

type Answer = {
  status: number;
  location?: string | null;
  data?: { good?: boolean; gone?: boolean; errors?: Record<string, string>; values?: object };
};

/** The first owner's page and form, as a browser reaches them. */
function page(services: Services) {
  const url = (token: string) => `${ORIGIN}/login/setup/${encodeURIComponent(token)}`;
  const answer = async (run: () => Promise<unknown>): Promise<Answer> => {
    try {
      const result = (await run()) as { data: Answer["data"]; init: ResponseInit };
      return { status: result.init?.status ?? 200, data: result.data };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("location") };
    }
  };
  return {
    open: (token: string) =>
      answer(() =>
        setupLoader(routeArgs(services, new Request(url(token)), { params: { token } })),
      ),
    submit: (token: string, fields: Record<string, string>) =>
      answer(() =>
        setupAction(
          routeArgs(
            services,
            new Request(url(token), {
              method: "POST",
              headers: { Origin: ORIGIN },
              body: new URLSearchParams(fields),
            }),
            { params: { token } },
          ),
        ),
      ),
  };
}

const filled = (over: Record<string, string> = {}) => ({
  name: OWNER.name,
  email: OWNER.email,
  password: OWNER.password,
  confirm: OWNER.password,
  ...over,
});

async function signIn(services: Services, email: string, password: string) {
  const request = new Request(`${ORIGIN}/login`, {
    method: "POST",
    headers: { Origin: ORIGIN },
    body: new URLSearchParams({ email, password }),
  });
  try {
    await loginAction(routeArgs(services, request, { clientAddress: "10.64.0.1" }));
    return "refused";
  } catch (thrown) {
    return (thrown as Response).headers.get("location");
  }
}

describe.each(databases)("the first owner's one-time link, on $name", (database) => {
  async function freshShop() {
    const handle: DatabaseHandle & { dispose(): Promise<void> } = await database.open();
    return { handle, services: await testServices(handle) };
  }

  test("a shop without an owner gives one link, which creates the owner once and then is dead", async () => {
    const { handle, services } = await freshShop();
    try {
      const token = await firstOwnerToken(handle.db);
      expect(token).toMatch(/^[\w-]{32}$/);
      // A restart (or a second process) while the link is good prints the same link.
      expect(await firstOwnerToken(handle.db)).toBe(token);
      const setup = page(services);
      expect(await setup.open(token!)).toMatchObject({ status: 200, data: { good: true } });

      // The account forms' own rules, each beside its field; what was typed comes back.
      expect(
        await setup.submit(
          token!,
          filled({ name: " ", email: "not-an-email", password: "short", confirm: "other" }),
        ),
      ).toMatchObject({
        status: 400,
        data: {
          errors: {
            name: "Please enter the person's name.",
            email: "Please enter a valid email address.",
            password: "Please choose a password of 10 to 128 characters.",
          },
          values: { email: "not-an-email" },
        },
      });
      expect(await setup.submit(token!, filled({ confirm: "kanga-za-pwani-2027" }))).toMatchObject({
        status: 400,
        data: { errors: { confirm: "The two passwords are not the same." } },
      });

      expect(await setup.submit(token!, filled({ email: " Amani@First-Owner.example " }))).toEqual({
        status: 303,
        location: "/login?owner=created",
      });
      const owners = await handle.db
        .select({ email: user.email, role: user.role, name: user.name })
        .from(user);
      expect(owners).toEqual([{ email: OWNER.email, role: "owner", name: OWNER.name }]);
      expect(await signIn(services, OWNER.email, OWNER.password)).toBe("/admin");

      // Used: the page, the form and a new start all refuse.
      expect(await setup.open(token!)).toMatchObject({ status: 410, data: { good: false } });
      expect(
        await setup.submit(token!, filled({ email: "intruder@first-owner.example" })),
      ).toMatchObject({
        status: 410,
        data: { gone: true },
      });
      expect(await firstOwnerToken(handle.db)).toBeNull();
      expect(await handle.db.select().from(user)).toHaveLength(1);
    } finally {
      await handle.dispose();
    }
  });

  test("an expired link opens nothing, and the next start prints a new one", async () => {
    const { handle, services } = await freshShop();
    try {
      const token = (await firstOwnerToken(handle.db))!;
      await handle.db
        .update(verification)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(like(verification.identifier, "first-owner:%"));
      const setup = page(services);
      expect(await setup.open(token)).toMatchObject({ status: 410, data: { good: false } });
      expect(await setup.submit(token, filled())).toMatchObject({
        status: 410,
        data: { gone: true },
      });
      expect(await handle.db.select().from(user)).toHaveLength(0);
      const next = await firstOwnerToken(handle.db);
      expect(next).toMatch(/^[\w-]{32}$/);
      expect(next).not.toBe(token);
      expect(await setup.open(next!)).toMatchObject({ status: 200 });
    } finally {
      await handle.dispose();
    }
  });

  test("two submissions at once create one owner; a shop that has one prints no link", async () => {
    const { handle, services } = await freshShop();
    try {
      const token = (await firstOwnerToken(handle.db))!;
      const setup = page(services);
      const answers = await Promise.all([
        setup.submit(token, filled()),
        setup.submit(token, filled({ email: "second@first-owner.example" })),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
      expect(await handle.db.select().from(user)).toHaveLength(1);

      const other = await freshShop();
      try {
        await createAdmin(other.services.auth, {
          email: "cli@first-owner.example",
          password: OWNER.password,
        });
        expect(await firstOwnerToken(other.handle.db)).toBeNull();
      } finally {
        await other.handle.dispose();
      }
    } finally {
      await handle.dispose();
    }
  });

  test("hostile links and forms get a 4xx and a sentence, never an account", async () => {
    const { handle, services } = await freshShop();
    try {
      const token = (await firstOwnerToken(handle.db))!;
      const setup = page(services);
      for (const bad of [
        "x",
        "../../etc/passwd",
        "a".repeat(500),
        `${token}x`,
        "' or 1=1 --",
        "\u0000".repeat(24),
      ]) {
        expect(await setup.open(bad)).toMatchObject({ status: 410 });
        expect(await setup.submit(bad, filled())).toMatchObject({ status: 410 });
      }
      expect(
        await setup.submit(token, {
          name: "x".repeat(10_000),
          email: "a@b.co",
          password: "p".repeat(200),
          confirm: "p".repeat(200),
        }),
      ).toMatchObject({
        status: 400,
        data: {
          errors: {
            name: "Please enter the person's name.",
            password: "Please choose a password of 10 to 128 characters.",
          },
        },
      });
      expect(await setup.submit(token, {})).toMatchObject({ status: 400 });
      expect(await handle.db.select().from(user)).toHaveLength(0);
      // The refusals left the link good.
      expect(await setup.open(token)).toMatchObject({ status: 200 });
    } finally {
      await handle.dispose();
    }
  });
});
