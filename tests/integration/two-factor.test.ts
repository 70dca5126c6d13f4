import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { user } from "~/db/schema";
import { addAccount } from "~/modules/auth/accounts.server";
import { createAdmin, resetAdminPassword } from "~/modules/auth/admins.server";
import { DISABLED } from "~/modules/auth/auth.server";
import { SIGN_IN_AGAIN, WRONG_CODE } from "~/modules/auth/login.server";
import { PER_ACCOUNT, PER_ADDRESS, THROTTLED } from "~/modules/auth/login-throttle.server";
import { countAttempt } from "~/modules/throttle/throttle.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as loginAction } from "~/routes/admin/login";
import { action as codeAction } from "~/routes/admin/login-code";
import { action as productsAction } from "~/routes/admin/products";
import { action as securityAction } from "~/routes/admin/security";
import type { Services } from "~/services.server";
import { authenticatorCode } from "../setup/authenticator";
import { bothDatabases as databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";

const ORIGIN = "http://localhost:3000";
const OWNER = { email: "owner@two-factor.example", password: "owner-two-factor-secret" };
const STAFF = { email: "staff@two-factor.example", password: "staff-two-factor-secret" };

/** A browser's cookies: what Set-Cookie headers gave it, sent back as one Cookie header. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  has(name: string) {
    return [...this.cookies.keys()].some((k) => k.endsWith(name));
  }
  forget(name: string) {
    for (const k of [...this.cookies.keys()]) if (k.endsWith(name)) this.cookies.delete(k);
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

describe.each(databases)("two-factor sign-in, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  let uri = "";
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle);
    const owner = await createAdmin(services.auth, OWNER);
    const { token } = await addAccount(handle.db, owner.id, {
      name: "Staff",
      email: STAFF.email,
      role: "staff",
    });
    await services.auth.api.resetPassword({ body: { newPassword: STAFF.password, token } });
  });
  afterAll(() => handle?.dispose());

  /** Posts a form to a route's action as a browser with `jar`, from `ip`; answers what came back. */
  async function post(
    action: (args: never) => Promise<unknown>,
    path: string,
    fields: Record<string, string | string[]>,
    jar: Jar,
    ip = "10.30.0.1",
  ) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
    const request = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: jar.header },
      body,
    });
    try {
      const answer = (await action(
        routeArgs(services, request, { clientAddress: ip }) as never,
      )) as {
        data: Record<string, unknown>;
        init: ResponseInit | null;
      };
      if (answer.init?.headers) jar.take(new Headers(answer.init.headers));
      return { status: answer.init?.status ?? 200, data: answer.data, location: null };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      jar.take(thrown.headers);
      return { status: thrown.status, data: null, location: thrown.headers.get("location") };
    }
  }

  const login = (who: { email: string; password: string }, jar: Jar, ip?: string) =>
    post(loginAction, "/login", { email: who.email, password: who.password }, jar, ip);

  /** What the owner's authenticator app shows now. */
  const code = async () => authenticatorCode(uri);

  async function dashboard(jar: Jar) {
    try {
      await dashboardLoader(
        routeArgs(services, new Request(`${ORIGIN}/admin`, { headers: { Cookie: jar.header } })),
      );
      return "opens";
    } catch (thrown) {
      return `${(thrown as Response).status} ${(thrown as Response).headers.get("location")}`;
    }
  }

  test("the owner turns it on with a code from the app and keeps recovery codes", async () => {
    const jar = new Jar();
    expect(await login(OWNER, jar)).toMatchObject({ status: 302, location: "/admin" });
    expect(
      await post(
        securityAction,
        "/admin/security",
        { intent: "start", password: "wrong-password-1" },
        jar,
      ),
    ).toMatchObject({
      status: 400,
      data: { error: "That password is not right.", field: "password" },
    });
    const started = await post(
      securityAction,
      "/admin/security",
      { intent: "start", password: OWNER.password },
      jar,
    );
    const setup = (
      started.data as { setup: { uri: string; key: string; svg: string; codes: string[] } }
    ).setup;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.svg).toMatch(/^<svg/);
    expect(setup.codes.length).toBeGreaterThanOrEqual(8);
    uri = setup.uri;
    expect(setup.key.replaceAll(" ", "")).toBe(new URL(uri).searchParams.get("secret"));
    recoveryCodes = setup.codes;

    const wrong = await post(
      securityAction,
      "/admin/security",
      { intent: "confirm", code: "000000", uri: setup.uri, codes: setup.codes },
      jar,
    );
    expect(wrong).toMatchObject({
      status: 400,
      data: { error: WRONG_CODE, setup: { uri: setup.uri } },
    });
    const confirmed = await post(
      securityAction,
      "/admin/security",
      { intent: "confirm", code: await code(), uri: setup.uri, codes: setup.codes },
      jar,
    );
    expect(confirmed.data).toEqual({
      done: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
    });
    const [row] = await handle.db
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, OWNER.email));
    expect(row?.on).toBe(true);
    // The renewed session still opens the back office.
    expect(await dashboard(jar)).toBe("opens");
  });

  test("signing in then asks for the app's code; a trusted device skips it next time", async () => {
    const jar = new Jar();
    expect(await login(OWNER, jar)).toMatchObject({ status: 302, location: "/login/code" });
    expect(await dashboard(jar)).toBe("302 /login");
    expect(await post(codeAction, "/login/code", { code: "123456" }, jar)).toMatchObject({
      status: 400,
      data: { error: WRONG_CODE },
    });
    expect(
      await post(codeAction, "/login/code", { code: await code(), trust: "on" }, jar),
    ).toMatchObject({
      status: 302,
      location: "/admin",
    });
    expect(await dashboard(jar)).toBe("opens");
    expect(jar.has("trust_device")).toBe(true);

    // Signed out; the same device signs in with its password alone.
    jar.forget("session_token");
    expect(await login(OWNER, jar)).toMatchObject({ status: 302, location: "/admin" });
    expect(await dashboard(jar)).toBe("opens");
  });

  test("a recovery code signs in once when the phone is lost", async () => {
    const jar = new Jar();
    await login(OWNER, jar);
    const [first] = recoveryCodes;
    expect(
      await post(codeAction, "/login/code", { intent: "recovery", recoveryCode: first! }, jar),
    ).toMatchObject({
      status: 302,
      location: "/admin",
    });
    const again = new Jar();
    await login(OWNER, again);
    expect(
      await post(codeAction, "/login/code", { intent: "recovery", recoveryCode: first! }, again),
    ).toMatchObject({
      status: 400,
      data: { error: WRONG_CODE },
    });
    // Without the first step's cookie there is nothing to verify.
    expect(await post(codeAction, "/login/code", { code: await code() }, new Jar())).toMatchObject({
      status: 400,
      data: { error: SIGN_IN_AGAIN },
    });
  });

  test("the throttle counts wrong codes like wrong passwords", async () => {
    const jar = new Jar();
    const ip = "10.30.9.9";
    await login(OWNER, jar, ip);
    const answers: unknown[] = [];
    for (let i = 0; i < 11; i++) {
      // A fresh first step when better-auth ends a challenge after its own 5 tries.
      if (i % 5 === 0) await login(OWNER, jar, ip);
      answers.push(
        (await post(codeAction, "/login/code", { code: "999999" }, jar, ip)).data?.error,
      );
    }
    expect(answers.at(-1)).toBe(THROTTLED);
  });

  test("while strangers guess from many addresses, the owner's own device still gets in", async () => {
    // The owner's laptop signed in before (the trust cookie dropped: its password step is judged).
    const laptop = new Jar();
    await login(OWNER, laptop, "10.31.0.1");
    await post(codeAction, "/login/code", { code: await code() }, laptop, "10.31.0.1");
    expect(laptop.has("shop_device")).toBe(true);

    // The attack, as the throttle counts it (real guesses are counted so in admin-auth.test.ts):
    // past the account's 50 an hour from many addresses, and past the laptop's (shared, now
    // noisy) address's 20.
    const account = OWNER.email;
    for (let i = 0; i < 51; i++) await countAttempt(handle.db, PER_ACCOUNT, account);
    for (let i = 0; i < 21; i++) await countAttempt(handle.db, PER_ADDRESS, "10.31.0.1");
    expect(
      (await login({ ...OWNER, password: "a-typo-xxxxxx" }, new Jar(), "10.31.0.1")).data,
    ).toEqual({
      error: THROTTLED,
      email: OWNER.email,
    });
    laptop.forget("session_token");
    expect(
      await login({ ...OWNER, password: "one-typo-xxxxx" }, laptop, "10.31.0.1"),
    ).toMatchObject({ status: 400 });
    expect(await login(OWNER, laptop, "10.31.0.1")).toMatchObject({
      status: 302,
      location: "/login/code",
    });
    expect(
      await post(codeAction, "/login/code", { code: await code() }, laptop, "10.31.0.1"),
    ).toMatchObject({
      status: 302,
      location: "/admin",
    });
  });

  test("when the owner requires it, an account without it may open only its security page", async () => {
    const owner = new Jar();
    await login(OWNER, owner, "10.33.0.1");
    await post(codeAction, "/login/code", { code: await code() }, owner, "10.33.0.1");
    expect(
      await post(securityAction, "/admin/security", { intent: "require" }, owner),
    ).toMatchObject({ status: 200 });

    const staff = new Jar();
    expect(await login(STAFF, staff, "10.33.0.2")).toMatchObject({
      status: 302,
      location: "/admin",
    });
    expect(await dashboard(staff)).toBe("302 /admin/security");
    expect(
      await post(
        productsAction,
        "/admin?index",
        { intent: "toggle", productId: "1", field: "inStock" },
        staff,
      ),
    ).toMatchObject({
      status: 302,
      location: "/admin/security",
    });
    expect(
      await post(
        securityAction,
        "/admin/security",
        { intent: "disable", password: OWNER.password },
        owner,
      ),
    ).toMatchObject({
      status: 409,
    });
    expect(
      await post(securityAction, "/admin/security", { intent: "optional" }, owner),
    ).toMatchObject({ status: 200 });
    expect(await dashboard(staff)).toBe("opens");
  });

  test("the command line's password reset lets a locked-out owner back in: enabled, without the lost phone", async () => {
    await handle.db.update(user).set({ banned: true }).where(eq(user.email, OWNER.email));
    expect((await login(OWNER, new Jar(), "10.34.0.1")).data).toMatchObject({ error: DISABLED });
    await resetAdminPassword(services.auth, { email: OWNER.email, password: "owner-is-back-2026" });
    // From another address: the account is still under the attack of the test before.
    const jar = new Jar();
    const back = await login({ ...OWNER, password: "owner-is-back-2026" }, jar, "10.34.0.2");
    expect(back.data).toBeNull();
    expect(back).toMatchObject({ status: 302, location: "/admin" });
    expect(await dashboard(jar)).toBe("opens");
  });
});
