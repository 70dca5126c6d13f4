// Types only from the rules: they (and zod) stay out of the pages that import this module.
import { CONTACT_SUBJECTS } from "./contact-subjects";
import type { ContactMessage } from "./contact-validation";

export type { ContactErrors, ContactMessage } from "./contact-validation";
/** The contact form's WhatsApp messages; its subjects and rules live beside this module. */
export { CONTACT_SUBJECTS };

/** A wa.me chat link to the shop's number with the text already typed. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/** The message the contact form sends, exactly as the shop's WhatsApp receives it. */
export function contactWhatsappText(message: ContactMessage): string {
  const subject =
    CONTACT_SUBJECTS.find((s) => s.value === message.subject)?.label ?? message.subject;
  return `*Contact Form Submission*\n\n*Name:* ${message.name}\n*Email:* ${message.email}\n*Subject:* ${subject}\n*Message:* ${message.message}`;
}
