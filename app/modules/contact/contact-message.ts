// Types only: the rules (and zod) stay out of the pages that import this module.
import type * as z from "zod/mini";
import type { contactMessageSchema } from "./contact-validation";

/** The contact form (spec: all four fields required): its subjects and the WhatsApp message. */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "product", label: "Product Question" },
  { value: "order", label: "Order Support" },
  { value: "partnership", label: "Partnership" },
  { value: "wholesale", label: "Wholesale Inquiry" },
] as const;

/** The form's fields once checked, as the rules in contact-validation.ts define them. */
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

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

export function helpWhatsappText(shopName: string): string {
  return `Hi! I'm interested in learning more about ${shopName} fashion collections.`;
}
