import { z } from "zod";
import { givenOf, optionalUrl, requireTogether, settingsSection } from "~/utils/settings-section";

/** Africa's Talking SMS; without a username and key, SMS stay in the built-in outbox. */
export const smsSettings = settingsSection({
  shape: {
    AT_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, {
        error: "your Africa's Talking app's username (sandbox for its sandbox)",
      })
      .optional(),
    AT_API_KEY: z.string().regex(/^\S+$/, { error: "your Africa's Talking API key" }).optional(),
    AT_SENDER_ID: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,10}$/, {
        error: "a sender ID approved for your account (up to 11 letters or digits) or a short code",
      })
      .optional(),
    AT_BASE_URL: optionalUrl(
      "of Africa's Talking's API, to override the live one (or the sandbox for the username sandbox)",
    ),
  },
  check(env, ctx) {
    requireTogether(env, ctx, "AT_USERNAME", "AT_API_KEY");
  },
  // Provider settings without the provider would silently leave messages in the outbox.
  stray(given) {
    const stray = givenOf(given, ["AT_SENDER_ID", "AT_BASE_URL"]);
    if (given.AT_USERNAME || given.AT_API_KEY || stray.length === 0) return undefined;
    return `AT_USERNAME and AT_API_KEY must be set to use ${stray.join(", ")} (without them, SMS stay in the outbox at /admin/messages).`;
  },
});

/** smtp://host:587 (STARTTLS when offered) or smtps://host:465, with optional user:password@. */
const isSmtpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
};

/** `orders@shop.co.ke` or `Amani Prints <orders@shop.co.ke>`. */
const isMailFrom = (value: string) => {
  const address = /^[^<>]*<([^<>\s]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return z.email().safeParse(address).success;
};

/** Email over SMTP; without it, emails stay in the built-in outbox. */
export const emailSettings = settingsSection({
  shape: {
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, {
        error: "an SMTP URL such as smtps://user:password@smtp.example.com:465",
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .refine(isMailFrom, {
        error: "an address, or a name and address such as Amani Prints <orders@amaniprints.co.ke>",
      })
      .optional(),
  },
  stray(given) {
    if (given.SMTP_URL || given.MAIL_FROM === undefined) return undefined;
    return "SMTP_URL must be set to use MAIL_FROM (without it, emails stay in the outbox at /admin/messages).";
  },
});

/** Who hears of a new paid order. */
export const ownerContactSettings = settingsSection({
  shape: {
    /** Where the owner's "New paid order" email goes; unset, to every admin account's address. */
    OWNER_EMAIL: z.email({ error: "an email address" }).optional(),
    /** Where the owner's "New paid order" SMS goes; unset, no owner SMS is sent. */
    OWNER_PHONE: z
      .string()
      .regex(/^(\+?254|0)[17]\d{8}$/, { error: "a Kenyan mobile number, e.g. 0712345678" })
      .optional(),
  },
});
