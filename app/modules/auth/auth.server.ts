import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";
import { readMeta, setMetaOnce } from "~/db/meta.server";
import {
  account,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "~/db/schema";
import type { Settings } from "~/settings.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./account-form";

/** Sessions end after 12 hours without use; a used session is extended at most every 15 minutes. */
export const SESSION_SECONDS = 12 * 60 * 60;
export { MIN_PASSWORD_LENGTH } from "./account-form";
/** How long a device where the second step was passed (and trusted) skips it. */
export const TRUSTED_DEVICE_DAYS = 30;
export const DISABLED = "This account is disabled. Please ask the shop's owner.";

/**
 * The secret that signs sessions: AUTH_SECRET, or one generated on the first start and kept in
 * the database, so every process of the shop (and every restart) shares it.
 */
export async function authSecret(db: Db, env: Settings): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const stored = await readMeta(db, "auth_secret");
  if (stored) return stored;
  return setMetaOnce(db, "auth_secret", randomBytes(32).toString("base64url"));
}

/**
 * Back-office accounts with better-auth: email and password only, sessions in the database, no
 * public sign-up (the first owner comes from `npm run admin:create`, staff from the owner's
 * Accounts page); its admin plugin keeps the roles (roles.ts) and refuses disabled accounts. Passwords are hashed
 * with scrypt, as OWASP recommends. The login throttle is ours (login-throttle.server.ts),
 * because it must count per account as well as per address.
 */
export async function createAuth(db: Db, env: Settings, secret: string) {
  const [{ betterAuth }, { drizzleAdapter }, { admin }, { twoFactor }, { ac, roles }] =
    await Promise.all([
      import("better-auth"),
      import("better-auth/adapters/drizzle"),
      import("better-auth/plugins/admin"),
      import("better-auth/plugins/two-factor"),
      import("./roles"),
    ]);
  return betterAuth({
    appName: env.SHOP_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // A password set through a link (a new account's first, or after a reset) ends every session.
      revokeSessionsOnPasswordReset: true,
    },
    plugins: [
      admin({
        ac,
        roles,
        defaultRole: "staff",
        adminRoles: ["owner"],
        bannedUserMessage: DISABLED,
      }),
      // An authenticator app's code after the password. Its own lock on an account after 10 wrong
      // codes is off: the login throttle counts the second step as it counts passwords, and
      // never locks the owner out of a device they signed in from before (login-throttle.server.ts).
      twoFactor({
        issuer: env.SHOP_NAME,
        accountLockout: { enabled: false },
        trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 86_400,
        twoFactorCookieMaxAge: 10 * 60,
      }),
    ],
    session: { expiresIn: SESSION_SECONDS, updateAge: 15 * 60 },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 100 },
    advanced: {
      useSecureCookies: env.PUBLIC_URL.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

/** The auth of this database, with its kept (or configured) session secret. */
export async function openAuth(db: Db, env: Settings): Promise<Auth> {
  return createAuth(db, env, await authSecret(db, env));
}

/**
 * The auth, opened on its first use rather than at start-up: better-auth takes about half a
 * second to load, a quarter of a cold start, and a shopper's page never needs it. Its API and
 * context are the real ones, reached once it has loaded.
 */
export function deferredAuth(open: () => Promise<Auth>): Auth {
  let opened: Promise<Auth> | undefined;
  const auth = () => {
    opened ??= open().catch((error) => {
      opened = undefined; // a failure (the database down) is tried again next time
      throw error;
    });
    return opened;
  };
  const api = new Proxy({} as Auth["api"], {
    get:
      (_, name) =>
      async (...args: unknown[]) =>
        ((await auth()).api as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[name]!(
          ...args,
        ),
  });
  return {
    api,
    get $context() {
      return auth().then((real) => real.$context);
    },
  } as unknown as Auth;
}
