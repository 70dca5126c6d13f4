import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, setDatabase } from "~/db/client.server";
import { loginFailures } from "~/db/schema";
import { AdminError, createAdmin, resetAdminPassword } from "~/modules/auth/admins.server";
import { authSecret, createAuth, openAuth, setAuth } from "~/modules/auth/auth.server";
import { CLIENT_IP_HEADER, WRONG_CREDENTIALS } from "~/modules/auth/login.server";
import { THROTTLED } from "~/modules/auth/login-throttle.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as loginAction } from "~/routes/admin/login";
import { parseEnv } from "~/utils/env.server";
import { databases } from "../setup/databases";

const env = parseEnv({ PUBLIC_URL: "http://localhost:3000" });
const OWNER = { email: "owner@example.co.ke", password: "kitenge-2026-secret" };

/** Posts the login form as a browser at `ip` would; answers the status and what the page says. */
async function login(email: string, password: string, ip: string) {
  const request = new Request("http://localhost:3000/login", {
    method: "POST",
    headers: { Origin: "http://localhost:3000", [CLIENT_IP_HEADER]: ip },
    body: new URLSearchParams({ email, password }),
  });
  try {
    const result = (await loginAction({ request } as Parameters<typeof loginAction>[0])) as {
      data: { error: string };
    };
    return { status: 400, error: result.data.error, cookie: "" };
  } catch (thrown) {
    const response = thrown as Response;
    return { status: response.status, error: "", cookie: response.headers.get("set-cookie") ?? "" };
  }
}

const statusOf = async (run: () => Promise<unknown>) => {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (thrown) {
    return thrown instanceof Response
      ? `${thrown.status} ${thrown.headers.get("location") ?? ""}`.trim()
      : "error";
  }
};

describe.each(databases)("admin accounts, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };

  beforeAll(async () => {
    handle = await database.open();
    setDatabase(handle);
    setAuth(await openAuth(handle.db, env));
  });
  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await handle?.dispose();
  });

  const auth = () => createAuth(handle.db, env, "x".repeat(32));

  test("admins are created by the owner, with passwords of at least 10 characters", async () => {
    const shared = await authSecret(handle.db, env);
    setAuth(createAuth(handle.db, env, shared));
    await expect(createAdmin(auth(), { email: OWNER.email, password: "short" })).rejects.toThrow(
      AdminError,
    );
    await createAdmin(createAuth(handle.db, env, shared), OWNER);
    await expect(createAdmin(auth(), OWNER)).rejects.toThrow(/already exists/);
    // The secret is kept in the database: every process and restart signs sessions alike.
    expect(await authSecret(handle.db, env)).toBe(shared);
  });

  test("every admin page and action refuses a request without a session", async () => {
    const anonymous = new Request("http://localhost:3000/admin", {
      headers: { Cookie: "better-auth.session_token=forged" },
    });
    const cases: [string, () => Promise<unknown>][] = [
      [
        "GET /admin",
        () => dashboardLoader({ request: anonymous } as Parameters<typeof dashboardLoader>[0]),
      ],
      [
        "POST /admin",
        () =>
          dashboardAction({
            request: new Request("http://localhost:3000/admin", {
              method: "POST",
              body: new URLSearchParams({ intent: "logout" }),
            }),
          } as Parameters<typeof dashboardAction>[0]),
      ],
    ];
    for (const [name, run] of cases) expect(await statusOf(run), name).toBe("302 /login");
  });

  test("wrong then right credentials; the session opens the dashboard; logout ends it on the server", async () => {
    expect(await login(OWNER.email, "not-the-password", "10.0.0.1")).toMatchObject({
      status: 400,
      error: WRONG_CREDENTIALS,
    });
    expect(await login("nobody@example.com", "whatever-it-is", "10.0.0.1")).toMatchObject({
      error: WRONG_CREDENTIALS,
    });
    const ok = await login(OWNER.email, OWNER.password, "10.0.0.1");
    expect(ok.status).toBe(302);
    const cookie = ok.cookie.split(";")[0]!;
    const page = (await dashboardLoader({
      request: new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }),
    } as Parameters<typeof dashboardLoader>[0])) as {
      data: { admin: { email: string }; stats: unknown };
    };
    expect(page.data.admin.email).toBe(OWNER.email);
    const out = await statusOf(() =>
      dashboardAction({
        request: new Request("http://localhost:3000/admin", {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent: "logout" }),
        }),
      } as Parameters<typeof dashboardAction>[0]),
    );
    expect(out).toBe("302 /login");
    expect(
      await statusOf(() =>
        dashboardLoader({
          request: new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }),
        } as Parameters<typeof dashboardLoader>[0]),
      ),
    ).toBe("302 /login");
  });

  test("10 failures for one account, from any addresses, lock it for an hour, across a restart", async () => {
    await handle.db.delete(loginFailures);
    for (let i = 0; i < 10; i++) {
      expect((await login(OWNER.email, `wrong-password-${i}`, `10.1.0.${i}`)).error).toBe(
        WRONG_CREDENTIALS,
      );
    }
    // A restart: a new auth instance; the failures are in the database.
    setAuth(await openAuth(handle.db, env));
    expect(await login(OWNER.email, OWNER.password, "10.9.9.9")).toMatchObject({
      status: 400,
      error: THROTTLED,
    });
    await handle.db.delete(loginFailures);
    expect((await login(OWNER.email, OWNER.password, "10.9.9.9")).status).toBe(302);
  });

  test("10 failures from one address lock that address, whatever the account", async () => {
    await handle.db.delete(loginFailures);
    for (let i = 0; i < 10; i++) await login(`guess${i}@example.com`, "wrong-password", "10.2.0.1");
    expect(await login(OWNER.email, OWNER.password, "10.2.0.1")).toMatchObject({
      error: THROTTLED,
    });
    expect((await login(OWNER.email, OWNER.password, "10.2.0.2")).status).toBe(302);
  });

  test("a password reset signs the admin out everywhere", async () => {
    await handle.db.delete(loginFailures);
    const before = await login(OWNER.email, OWNER.password, "10.3.0.1");
    await resetAdminPassword(await openAuth(handle.db, env), {
      email: OWNER.email,
      password: "a-brand-new-secret",
    });
    const cookie = before.cookie.split(";")[0]!;
    expect(
      await statusOf(() =>
        dashboardLoader({
          request: new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }),
        } as Parameters<typeof dashboardLoader>[0]),
      ),
    ).toBe("302 /login");
    expect((await login(OWNER.email, "a-brand-new-secret", "10.3.0.1")).status).toBe(302);
  });
});
