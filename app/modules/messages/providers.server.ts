import type { Settings } from "~/settings.server";
import { AfricasTalkingSms } from "./africas-talking.server";
import { builtInOutbox, type MessageProviders } from "./sender.server";
import { SmtpEmail } from "./smtp.server";

/**
 * The way out of each channel, as configured: Africa's Talking for SMS when AT_USERNAME and
 * AT_API_KEY are set, SMTP for email when SMTP_URL is; the built-in outbox (read at
 * /admin/messages) for a channel without one. The server makes them once, at boot
 * (app/services.server.ts); nothing else knows which one a channel has.
 */
export function createMessageProviders(env: Settings): MessageProviders {
  const sms =
    env.AT_USERNAME && env.AT_API_KEY
      ? new AfricasTalkingSms({
          username: env.AT_USERNAME,
          apiKey: env.AT_API_KEY,
          senderId: env.AT_SENDER_ID,
          baseUrl: env.AT_BASE_URL,
        })
      : builtInOutbox;
  const email = env.SMTP_URL
    ? new SmtpEmail({
        url: env.SMTP_URL,
        from: env.MAIL_FROM ?? { name: env.SHOP_NAME, address: env.SHOP_EMAIL },
      })
    : builtInOutbox;
  return { sms, email };
}
