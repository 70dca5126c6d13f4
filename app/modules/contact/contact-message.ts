// Types only from the rules: they (and zod) stay out of the pages that import this module.
import { CONTACT_SUBJECTS } from "./contact-subjects";

export type { ContactErrors, ContactMessage } from "./contact-validation";
/** WhatsApp links; the contact form's subjects and rules live beside this module. */
export { CONTACT_SUBJECTS };

/** A wa.me chat link to the shop's number with the text already typed. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
