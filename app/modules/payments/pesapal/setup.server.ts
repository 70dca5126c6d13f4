import { randomBytes } from "node:crypto";
import type { Db } from "~/db/client.server";
import { readMeta, setMeta } from "~/db/meta.server";
import type { Settings } from "~/settings.server";
import { logger } from "~/utils/logger.server";
import type { PaymentEmulator } from "../registry";
import { createPesapalEmulator } from "../sandbox/emulator.server";
import { PesapalClient } from "./client.server";
import { PESAPAL_IPN_PATH } from "./description";

/** Pesapal's API for each PESAPAL_ENV; PESAPAL_BASE_URL overrides it. */
export const PESAPAL_BASE_URLS = {
  sandbox: "https://cybqa.pesapal.com/pesapalv3",
  live: "https://pay.pesapal.com/v3",
} as const;

/**
 * Demo mode's emulator credentials and mount point (server/app.ts mounts it there). The secret is
 * new in each process, so only the shop itself can use the emulator's API: a known secret would
 * let anyone register IPN addresses the server then calls, or make payment pages that redirect
 * to any site.
 */
export const SANDBOX_PATH = "/pesapal-sandbox";
export const SANDBOX_KEY = "sandbox-consumer-key";
const kept = globalThis as typeof globalThis & { __shopSandboxSecret?: string };
// Kept on globalThis: the dev server reloads modules, and the client and emulator must agree.
kept.__shopSandboxSecret ??= randomBytes(24).toString("base64url");
export const SANDBOX_SECRET = kept.__shopSandboxSecret;

/** The IPN id is registered once per base URL and kept in the database. */
function databaseIpnStore(db: Db) {
  return {
    get: (key: string) => readMeta(db, key),
    set: (key: string, value: string) => setMeta(db, key, value),
  };
}

/** The emulator forgets its IPN registrations when the process ends, so demo mode must too. */
function memoryIpnStore() {
  const ids = new Map<string, string>();
  return {
    get: async (key: string) => ids.get(key) ?? null,
    set: async (key: string, id: string) => void ids.set(key, id),
  };
}

/** Pesapal as configured: the real API with keys, the built-in emulator without (demo mode). */
export function createPesapal(
  env: Settings,
  db: Db,
): { provider: PesapalClient; emulator?: PaymentEmulator } {
  if (env.DEMO_PAYMENTS) {
    // The emulator runs in this process; the server talks to it over loopback HTTP.
    const local = `http://127.0.0.1:${env.PORT}`;
    const emulator = createPesapalEmulator({
      publicBaseUrl: `${env.PUBLIC_URL}${SANDBOX_PATH}`,
      consumerKey: SANDBOX_KEY,
      consumerSecret: SANDBOX_SECRET,
      onIpnError: (error) => logger.warn({ err: error }, "sandbox IPN delivery failed"),
    });
    const provider = new PesapalClient({
      baseUrl: `${local}${SANDBOX_PATH}`,
      consumerKey: SANDBOX_KEY,
      consumerSecret: SANDBOX_SECRET,
      ipnUrl: `${local}${PESAPAL_IPN_PATH}`,
      ipnNotificationType: env.PESAPAL_IPN_NOTIFICATION_TYPE,
      ipnStore: memoryIpnStore(),
    });
    return { provider, emulator: { path: SANDBOX_PATH, api: emulator.api, pages: emulator.pages } };
  }
  const provider = new PesapalClient({
    baseUrl: env.PESAPAL_BASE_URL ?? PESAPAL_BASE_URLS[env.PESAPAL_ENV ?? "sandbox"],
    consumerKey: env.PESAPAL_CONSUMER_KEY!,
    consumerSecret: env.PESAPAL_CONSUMER_SECRET!,
    ipnUrl: `${env.PUBLIC_URL}${PESAPAL_IPN_PATH}`,
    ipnNotificationType: env.PESAPAL_IPN_NOTIFICATION_TYPE,
    ipnStore: databaseIpnStore(db),
  });
  return { provider };
}
