import { z } from "zod";
import {
  optionalFlag,
  optionalUrl,
  requireTogether,
  settingsSection,
} from "~/utils/settings-section";

/** Served only to this machine: a shop there is a developer's, never shoppers'. */
const isLocalUrl = (url: string) => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
};

/**
 * Pesapal's keys and where its API is; without keys, payments go to the built-in emulator (demo
 * mode), which a public shop must ask for by name.
 */
export const pesapalSettings = settingsSection({
  shape: {
    PESAPAL_CONSUMER_KEY: z.string().min(1, { error: "your Pesapal consumer key" }).optional(),
    PESAPAL_CONSUMER_SECRET: z
      .string()
      .min(1, { error: "your Pesapal consumer secret" })
      .optional(),
    PESAPAL_ENV: z.enum(["sandbox", "live"], { error: "sandbox or live" }).optional(),
    PESAPAL_BASE_URL: optionalUrl("of Pesapal's API, to override the one PESAPAL_ENV chooses"),
    PESAPAL_IPN_NOTIFICATION_TYPE: z.enum(["GET", "POST"], { error: "GET or POST" }).default("GET"),
    /** Says that a shop without Pesapal keys is meant to be a demo, where payments are simulated. */
    DEMO_PAYMENTS: optionalFlag(),
  },
  check(env, ctx) {
    requireTogether(env, ctx, "PESAPAL_CONSUMER_KEY", "PESAPAL_CONSUMER_SECRET");
    // A public shop without keys would take orders whose payments are only simulated: that
    // must be what the owner meant, not a forgotten setting.
    const publicShop =
      env.NODE_ENV === "production" && env.PUBLIC_URL !== undefined && !isLocalUrl(env.PUBLIC_URL);
    if (
      !env.PESAPAL_CONSUMER_KEY &&
      (env.DEMO_PAYMENTS === false || (publicShop && env.DEMO_PAYMENTS !== true))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_PAYMENTS"],
        message:
          "true to take orders without Pesapal keys, where every payment is only simulated; for real payments set PESAPAL_CONSUMER_KEY, PESAPAL_CONSUMER_SECRET and PESAPAL_ENV instead",
      });
    }
    if (env.PESAPAL_CONSUMER_KEY && env.DEMO_PAYMENTS === true) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_PAYMENTS"],
        message: "left unset when Pesapal keys are set (keys mean real payments)",
      });
    }
    if (env.PESAPAL_CONSUMER_KEY && !env.PESAPAL_ENV && !env.PESAPAL_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PESAPAL_ENV"],
        message: "sandbox or live when Pesapal keys are set",
      });
    }
  },
});
