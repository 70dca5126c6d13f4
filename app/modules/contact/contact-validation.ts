import * as z from "zod/mini";
import { msg } from "~/i18n/messages";
import { fieldErrors } from "~/utils/field-errors";
import { CONTACT_SUBJECTS } from "./contact-subjects";

/**
 * The contact form's rules, for the server's action and the browser alike. The page loads this
 * module after it is interactive rather than up front: zod would put the page over its
 * JavaScript budget.
 */
// Each message is looked up when it is given, so the server answers in the request's language.
const trimmed = (message: () => string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: () => msg.keepUnder(max) }),
    );

export const contactMessageSchema = z.object({
  name: trimmed(() => msg.enterName, 100),
  email: z.string().check(z.trim(), z.email({ error: () => msg.enterValidEmail })),
  subject: z.enum(CONTACT_SUBJECTS, {
    error: () => msg.chooseASubject,
  }),
  message: trimmed(() => msg.enterMessage, 2000),
});

/** The form's fields once checked. */
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

export function parseContactMessage(
  input: Record<string, unknown>,
): { ok: true; message: ContactMessage } | { ok: false; errors: ContactErrors } {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, errors: fieldErrors<keyof ContactMessage>(result.error.issues) };
}
