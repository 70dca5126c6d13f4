import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { throttleCounters } from "~/db/schema";
import { AdminError, createAdmin, resetAdminPassword } from "~/modules/auth/admins.server";
import { authSecret, createAuth, openAuth } from "~/modules/auth/auth.server";
import { NOT_AN_EMAIL, WRONG_CREDENTIALS } from "~/modules/auth/login.server";
import { THROTTLED } from "~/modules/auth/login-throttle.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as loginAction } from "~/routes/admin/login";
import type { Services } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { bothDatabases as databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";

const env = parseSettings({ PUBLIC_URL: "http://localhost:3000" });
const OWNER = { email: "owner@example.co.ke", password: "kitenge-2026-secret" };
/** The shop under test: its database and auth, replaced per database and on a "restart". */
let services: Services;

/** Posts the login form as a browser at `ip` would; answers the status and what the page says. */
async function login(email: string, password: string, ip: string) {
  const request = new Request("http://localhost:3000/login", {
    method: "POST",
    headers: { Origin: "http://localhost:3000" },
    body: new URLSearchParams({ email, password }),
  });
  try {
    const result = (await loginAction(routeArgs(services, request, { clientAddress: ip }))) as {
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
    services = await testServices(handle, {}, env);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const auth = () => createAuth(handle.db, env, "x".repeat(32));

  test("admins are created by the owner, with passwords of at least 10 characters", async () => {
    const shared = await authSecret(handle.db, env);
    services = { ...services, auth: await createAuth(handle.db, env, shared) };
    await expect(
      createAdmin(await auth(), { email: OWNER.email, password: "short" }),
    ).rejects.toThrow(AdminError);
    await createAdmin(await createAuth(handle.db, env, shared), OWNER);
    await expect(createAdmin(await auth(), OWNER)).rejects.toThrow(/already exists/);
    // The secret is kept in the database: every process and restart signs sessions alike.
    expect(await authSecret(handle.db, env)).toBe(shared);
  });

  test("every admin page and action refuses a request without a session", async () => {
    const anonymous = new Request("http://localhost:3000/admin", {
      headers: { Cookie: "better-auth.session_token=forged" },
    });
    const cases: [string, () => Promise<unknown>][] = [
      ["GET /admin", () => dashboardLoader(routeArgs(services, anonymous))],
      [
        "POST /admin",
        () =>
          dashboardAction(
            routeArgs(
              services,
              new Request("http://localhost:3000/admin", {
                method: "POST",
                body: new URLSearchParams({ intent: "logout" }),
              }),
            ),
          ),
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
    // Posted past the browser's email field: said in a sentence, not the auth library's words.
    expect(await login("add", "whatever-it-is", "10.0.0.1")).toMatchObject({
      status: 400,
      error: NOT_AN_EMAIL,
    });
    const ok = await login(OWNER.email, OWNER.password, "10.0.0.1");
    expect(ok.status).toBe(302);
    const cookie = ok.cookie.split(";")[0]!;
    const page = (await dashboardLoader(
      routeArgs(
        services,
        new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }),
      ),
    )) as {
      data: { admin: { email: string }; stats: unknown };
    };
    expect(page.data.admin.email).toBe(OWNER.email);
    const out = await statusOf(() =>
      dashboardAction(
        routeArgs(
          services,
          new Request("http://localhost:3000/admin", {
            method: "POST",
            headers: { Cookie: cookie },
            body: new URLSearchParams({ intent: "logout" }),
          }),
        ),
      ),
    );
    expect(out).toBe("302 /login");
    expect(
      await statusOf(() =>
        dashboardLoader(
          routeArgs(
            services,
            new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }),
          ),
        ),
      ),
    ).toBe("302 /login");
  });

  const wrongFrom = (ip: string, n: number, email = OWNER.email) =>
    Promise.all(Array.from({ length: n }, (_, i) => login(email, `wrong-password-${i}`, ip)));
  const tally = (answers: { error: string }[]) => ({
    checked: answers.filter((a) => a.error === WRONG_CREDENTIALS).length,
    throttled: answers.filter((a) => a.error === THROTTLED).length,
  });

  test("100 wrong passwords at once: no more than the limit's 10 are checked, the rest are throttled", async () => {
    await handle.db.delete(throttleCounters);
    const { checked, throttled } = tally(await wrongFrom("10.5.0.1", 100));
    // On PostgreSQL the attempts race on a pool: one within the pair's 10 may find the address's
    // 20 already taken by attempts past the pair's limit, so fewer than 10 can be judged. Never more.
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + throttled).toBe(100);
    expect((await login(OWNER.email, OWNER.password, "10.5.0.1")).error).toBe(THROTTLED);
  });

  test("10 failures for one account from one address lock that pair for an hour, across a restart", async () => {
    await handle.db.delete(throttleCounters);
    for (let i = 0; i < 10; i++) {
      expect((await login(OWNER.email, `wrong-password-${i}`, "10.1.0.1")).error).toBe(
        WRONG_CREDENTIALS,
      );
    }
    // A restart: a new auth instance; the counts are in the database.
    services = { ...services, auth: await openAuth(handle.db, env) };
    expect(await login(OWNER.email, OWNER.password, "10.1.0.1")).toMatchObject({
      status: 400,
      error: THROTTLED,
    });
    // The owner elsewhere is not locked out by failures at another address.
    expect((await login(OWNER.email, OWNER.password, "10.1.0.2")).status).toBe(302);
    await handle.db.delete(throttleCounters);
    expect((await login(OWNER.email, OWNER.password, "10.1.0.1")).status).toBe(302);
  });

  test("20 failures from one address lock that address, whatever the accounts", async () => {
    await handle.db.delete(throttleCounters);
    for (let i = 0; i < 20; i++) await login(`guess${i}@example.com`, "wrong-password", "10.2.0.1");
    expect(await login(OWNER.email, OWNER.password, "10.2.0.1")).toMatchObject({
      error: THROTTLED,
    });
    expect((await login(OWNER.email, OWNER.password, "10.2.0.2")).status).toBe(302);
  });

  test("successful logins take nothing from the address's allowance, and forgive its typos", async () => {
    await handle.db.delete(throttleCounters);
    // 9 typos then the right password, twice: the pair's 10 would have locked without forgiveness.
    for (let round = 0; round < 2; round++) {
      expect(tally(await wrongFrom("10.6.0.1", 9))).toEqual({ checked: 9, throttled: 0 });
      expect((await login(OWNER.email, OWNER.password, "10.6.0.1")).status).toBe(302);
    }
    // The address's 20 failures an hour are not forgiven, but the two logins took none of them.
    expect(tally(await wrongFrom("10.6.0.1", 2))).toEqual({ checked: 2, throttled: 0 });
    expect(tally(await wrongFrom("10.6.0.1", 1))).toEqual({ checked: 0, throttled: 1 });
  });

  test("during an attack from many addresses, the owner still logs in from a clean address", async () => {
    await handle.db.delete(throttleCounters);
    // One address hammering, and 20 more guessing once each: past 50 attempts an hour the
    // account is under attack.
    await wrongFrom("10.4.0.1", 100);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(OWNER.email, "wrong-password", `10.4.1.${i}`)),
    );
    // A new address still gets its first guess judged, but not a second: guessing slows to one
    // try per address an hour.
    expect((await login(OWNER.email, "wrong-password", "10.4.2.1")).error).toBe(WRONG_CREDENTIALS);
    expect((await login(OWNER.email, "wrong-password", "10.4.2.1")).error).toBe(THROTTLED);
    expect((await login(OWNER.email, OWNER.password, "10.4.1.7")).error).toBe(THROTTLED);
    // The owner, from an address that has not failed, gets in.
    expect((await login(OWNER.email, OWNER.password, "10.4.9.9")).status).toBe(302);
  });

  test("with TRUST_PROXY=1, a client-written X-Forwarded-For does not rotate past the address limit", async () => {
    await handle.db.delete(throttleCounters);
    // The shop behind one proxy, as server.js and server/app.ts wire it.
    const proxied = parseSettings({ PUBLIC_URL: "http://localhost:3000", TRUST_PROXY: "1" });
    const shop = express();
    shop.set("trust proxy", proxied.TRUST_PROXY);
    shop.post("/login", express.urlencoded({ extended: false }), async (req, res) => {
      const request = new Request("http://localhost:3000/login", {
        method: "POST",
        headers: { Origin: "http://localhost:3000" },
        body: new URLSearchParams(req.body),
      });
      try {
        // The client's address as the server's getLoadContext passes it: Express's req.ip.
        const args = routeArgs<Parameters<typeof loginAction>[0]>(services, request, {
          clientAddress: req.ip,
        });
        const result = (await loginAction(args)) as { data: { error: string } };
        res.json({ error: result.data.error, ip: req.ip });
      } catch {
        res.json({ error: "", ip: req.ip });
      }
    });
    const server = shop.listen(0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/login`;
    try {
      const answers: { error: string; ip: string }[] = [];
      for (let i = 0; i < 25; i++) {
        // The client writes a new address each time; the proxy appends the one it saw.
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Forwarded-For": `198.51.100.${i}, 203.0.113.7`,
          },
          body: new URLSearchParams({ email: `guess${i}@example.com`, password: "wrong-password" }),
        });
        answers.push(await response.json());
      }
      expect(new Set(answers.map((a) => a.ip))).toEqual(new Set(["203.0.113.7"]));
      expect(tally(answers)).toEqual({ checked: 20, throttled: 5 });
    } finally {
      server.close();
    }
  });

  test("a password reset signs the admin out everywhere", async () => {
    await handle.db.delete(throttleCounters);
    const before = await login(OWNER.email, OWNER.password, "10.3.0.1");
    await resetAdminPassword(await openAuth(handle.db, env), {
      email: OWNER.email,
      password: "a-brand-new-secret",
    });
    const cookie = before.cookie.split(";")[0]!;
    expect(
      await statusOf(() =>
        dashboardLoader(
          routeArgs(
            services,
            new Request("http://localhost:3000/admin", { headers: { Cookie: cookie } }),
          ),
        ),
      ),
    ).toBe("302 /login");
    expect((await login(OWNER.email, "a-brand-new-secret", "10.3.0.1")).status).toBe(302);
  });
});
