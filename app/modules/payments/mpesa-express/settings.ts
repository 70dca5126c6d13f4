import { z } from "zod";
import { givenOf, optionalUrl, requireTogether, settingsSection } from "~/utils/settings-section";

const MPESA_EXTRAS = [
  "MPESA_SHORTCODE",
  "MPESA_PASSKEY",
  "MPESA_TYPE",
  "MPESA_TILL_NUMBER",
  "MPESA_ENV",
  "MPESA_BASE_URL",
];

/**
 * M-Pesa Express (Daraja STK push) to the shop's own Paybill or Till. Without keys, a demo shop
 * prompts an emulated phone; a shop with Pesapal keys and none of these offers Pesapal alone.
 */
export const mpesaExpressSettings = settingsSection({
  shape: {
    MPESA_CONSUMER_KEY: z.string().min(1, { error: "your Daraja app's consumer key" }).optional(),
    MPESA_CONSUMER_SECRET: z
      .string()
      .min(1, { error: "your Daraja app's consumer secret" })
      .optional(),
    MPESA_SHORTCODE: z
      .string()
      .regex(/^\d{5,7}$/, {
        error: "the Paybill number, or for a Till its store number (5 to 7 digits)",
      })
      .optional(),
    MPESA_PASSKEY: z
      .string()
      .min(20, { error: "the M-Pesa Express passkey Safaricom sent" })
      .optional(),
    MPESA_TYPE: z.enum(["paybill", "till"], { error: "paybill or till" }).default("paybill"),
    MPESA_TILL_NUMBER: z
      .string()
      .regex(/^\d{5,7}$/, { error: "the Till number shoppers pay to (5 to 7 digits)" })
      .optional(),
    MPESA_ENV: z.enum(["sandbox", "live"], { error: "sandbox or live" }).optional(),
    MPESA_BASE_URL: optionalUrl("of Daraja's API, to override the one MPESA_ENV chooses"),
  },
  check(env, ctx) {
    requireTogether(env, ctx, "MPESA_CONSUMER_KEY", "MPESA_CONSUMER_SECRET");
    if (!env.MPESA_CONSUMER_KEY) return;
    const need = (name: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [name], message });
    if (!env.MPESA_SHORTCODE) need("MPESA_SHORTCODE", "set when M-Pesa Express keys are set");
    if (!env.MPESA_PASSKEY) need("MPESA_PASSKEY", "set when M-Pesa Express keys are set");
    if (!env.MPESA_ENV && !env.MPESA_BASE_URL) {
      need("MPESA_ENV", "sandbox or live when M-Pesa Express keys are set");
    }
    if (env.MPESA_TYPE === "till" && !env.MPESA_TILL_NUMBER) {
      need("MPESA_TILL_NUMBER", "set when MPESA_TYPE is till (the number shoppers pay to)");
    }
    // Safaricom posts each payment's result to the shop: only to a public https address.
    if (env.MPESA_ENV === "live" && !env.PUBLIC_URL?.startsWith("https://")) {
      need(
        "PUBLIC_URL",
        "the shop's public https address when MPESA_ENV is live (Safaricom sends each payment's result there)",
      );
    }
  },
  stray(given) {
    const stray = givenOf(given, MPESA_EXTRAS);
    if (given.MPESA_CONSUMER_KEY || stray.length === 0) return undefined;
    return `MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET must be set to use ${stray.join(", ")} (without them, checkout offers M-Pesa Express only in demo mode).`;
  },
});
