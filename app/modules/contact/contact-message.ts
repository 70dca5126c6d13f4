import * as z from "zod/mini";

/** The contact form (spec: all four fields required). Runs in the browser and on the server. */
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "product", label: "Product Question" },
  { value: "order", label: "Order Support" },
  { value: "partnership", label: "Partnership" },
  { value: "wholesale", label: "Wholesale Inquiry" },
] as const;

const trimmed = (message: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: `Please keep this under ${max} characters` }),
    );

export const contactMessageSchema = z.object({
  name: trimmed("Please enter your name", 100),
  email: z.string().check(z.trim(), z.email({ error: "Please enter a valid email address" })),
  subject: z.enum(CONTACT_SUBJECTS.map((s) => s.value) as [string, ...string[]], {
    error: "Please choose a subject",
  }),
  message: trimmed("Please enter your message", 2000),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

export function parseContactMessage(
  input: Record<string, unknown>,
): { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors } {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactMessage;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

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
