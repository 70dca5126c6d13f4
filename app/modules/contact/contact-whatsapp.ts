import { msg } from "~/i18n/messages";
import type { ContactMessage } from "./contact-validation";

/**
 * The message the contact form sends, exactly as the shop's WhatsApp receives it: the shopper
 * sends it, in the language they read the shop in. Apart from contact-message.ts, which the
 * product and order pages load: only the contact page needs these words.
 */
export function contactWhatsappText(message: ContactMessage): string {
  const subject = msg.contactSubjects[message.subject] ?? message.subject;
  return msg.contactWhatsapp(message.name, message.email, subject, message.message);
}
