import { randomBytes } from "node:crypto";
import type { Settings } from "~/settings.server";
import { logger } from "~/utils/logger.server";
import type { PaymentEmulator } from "../registry";
import { DARAJA_BASE_URLS, DarajaClient } from "./client.server";
import { createDarajaEmulator, SANDBOX_CREDENTIALS } from "./emulator.server";
import { MpesaExpressProvider } from "./provider.server";

/** Demo mode's Daraja emulator is mounted here (the server mounts every provider's emulator). */
export const DARAJA_SANDBOX_PATH = "/daraja-sandbox";

const kept = globalThis as typeof globalThis & { __shopDarajaSecret?: string };
// New in each process (kept across the dev server's reloads): only the shop can use its API.
kept.__shopDarajaSecret ??= randomBytes(24).toString("base64url");

/**
 * M-Pesa Express as configured: Daraja with keys; without them, in demo mode, the built-in
 * emulator over loopback HTTP; otherwise not offered (a shop with Pesapal keys alone).
 */
export function createMpesaExpress(
  env: Settings,
): { provider: MpesaExpressProvider; emulator?: PaymentEmulator } | null {
  if (env.MPESA_CONSUMER_KEY) {
    const client = new DarajaClient({
      baseUrl: env.MPESA_BASE_URL ?? DARAJA_BASE_URLS[env.MPESA_ENV ?? "sandbox"],
      consumerKey: env.MPESA_CONSUMER_KEY,
      consumerSecret: env.MPESA_CONSUMER_SECRET!,
      shortcode: env.MPESA_SHORTCODE!,
      passkey: env.MPESA_PASSKEY!,
      type: env.MPESA_TYPE,
      ...(env.MPESA_TILL_NUMBER ? { tillNumber: env.MPESA_TILL_NUMBER } : {}),
    });
    return { provider: new MpesaExpressProvider({ client, publicUrl: env.PUBLIC_URL }) };
  }
  if (!env.DEMO_PAYMENTS) return null;
  const local = `http://127.0.0.1:${env.PORT}`;
  const secret = kept.__shopDarajaSecret!;
  const emulator = createDarajaEmulator({
    consumerKey: "daraja-demo-key",
    consumerSecret: secret,
    onCallbackError: (error) => logger.warn({ err: error }, "sandbox M-Pesa callback failed"),
  });
  const client = new DarajaClient({
    baseUrl: `${local}${DARAJA_SANDBOX_PATH}`,
    consumerKey: "daraja-demo-key",
    consumerSecret: secret,
    ...SANDBOX_CREDENTIALS,
    type: "paybill",
  });
  return {
    // Callbacks come from this process's emulator, so they go over loopback too.
    provider: new MpesaExpressProvider({
      client,
      publicUrl: local,
      demo: { control: emulator.control, phoneUrl: `${DARAJA_SANDBOX_PATH}/phone` },
    }),
    emulator: { path: DARAJA_SANDBOX_PATH, api: emulator.api, pages: emulator.phone },
  };
}
