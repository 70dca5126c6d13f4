import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { type Env, getEnv, PESAPAL_BASE_URLS } from "~/utils/env.server";
import { PesapalClient } from "./pesapal/client.server";
import type { PaymentProvider } from "./provider";

/** Demo mode's emulator credentials and mount point (server/app.ts mounts it there). */
export const SANDBOX_PATH = "/pesapal-sandbox";
export const SANDBOX_KEY = "sandbox-consumer-key";
export const SANDBOX_SECRET = "sandbox-consumer-secret";
export const IPN_PATH = "/api/pesapal/ipn";

/** The IPN id is registered once per base URL and kept in the database. */
const ipnStore = {
  async get(key: string) {
    const [row] = await getDb().select().from(appMeta).where(eq(appMeta.key, key));
    return row?.value ?? null;
  },
  async set(key: string, value: string) {
    await getDb()
      .insert(appMeta)
      .values({ key, value })
      .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  },
};

/** The emulator forgets its IPN registrations when the process ends, so demo mode must too. */
function memoryIpnStore() {
  const ids = new Map<string, string>();
  return {
    get: async (key: string) => ids.get(key) ?? null,
    set: async (key: string, id: string) => void ids.set(key, id),
  };
}

function createProvider(env: Env): PaymentProvider {
  if (env.DEMO_PAYMENTS) {
    // The emulator runs in this process; the server talks to it over loopback HTTP.
    const local = `http://127.0.0.1:${env.PORT}`;
    return new PesapalClient({
      baseUrl: `${local}${SANDBOX_PATH}`,
      consumerKey: SANDBOX_KEY,
      consumerSecret: SANDBOX_SECRET,
      ipnUrl: `${local}${IPN_PATH}`,
      ipnNotificationType: env.PESAPAL_IPN_NOTIFICATION_TYPE,
      ipnStore: memoryIpnStore(),
    });
  }
  return new PesapalClient({
    baseUrl: env.PESAPAL_BASE_URL ?? PESAPAL_BASE_URLS[env.PESAPAL_ENV ?? "sandbox"],
    consumerKey: env.PESAPAL_CONSUMER_KEY!,
    consumerSecret: env.PESAPAL_CONSUMER_SECRET!,
    ipnUrl: `${env.PUBLIC_URL}${IPN_PATH}`,
    ipnNotificationType: env.PESAPAL_IPN_NOTIFICATION_TYPE,
    ipnStore,
  });
}

const holder = globalThis as typeof globalThis & { __shopPayments?: PaymentProvider };

export function getPaymentProvider(): PaymentProvider {
  holder.__shopPayments ??= createProvider(getEnv());
  return holder.__shopPayments;
}

/** Tests point the shop at their own provider (an emulator on another port). */
export function setPaymentProvider(provider: PaymentProvider | undefined) {
  holder.__shopPayments = provider;
}
