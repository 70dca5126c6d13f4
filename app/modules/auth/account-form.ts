import * as z from "zod/mini";
import { fieldErrors } from "~/utils/field-errors";
import { ROLES } from "./role-names";

/** The least a password may be; better-auth is told the same (auth.server.ts). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** How long a link to set a password stays good. */
export const LINK_HOURS = 72;

/** The owner's form for a new account, and the form where its holder sets a password. */
export const ACCOUNT_MESSAGES = {
  name: "Please enter the person's name.",
  email: "Please enter a valid email address.",
  role: "Please choose a role.",
  password: `Please choose a password of ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
  confirm: "The two passwords are not the same.",
} as const;

const accountSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, ACCOUNT_MESSAGES.name), z.maxLength(80, ACCOUNT_MESSAGES.name)),
  email: z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(254, ACCOUNT_MESSAGES.email),
      z.email(ACCOUNT_MESSAGES.email),
    ),
  role: z.enum(ROLES, { error: ACCOUNT_MESSAGES.role }),
});

export type AccountFields = z.infer<typeof accountSchema>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Reads the new-account form: the fields, or one message per field at fault. */
export function validateAccountForm(
  form: FormData,
): { ok: true; data: AccountFields } | { ok: false; errors: Partial<Record<string, string>> } {
  const parsed = accountSchema.safeParse({
    name: text(form, "name"),
    email: text(form, "email"),
    role: text(form, "role"),
  });
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrors(parsed.error.issues) };
}

const passwordSchema = z
  .object({
    password: z
      .string()
      .check(
        z.minLength(MIN_PASSWORD_LENGTH, ACCOUNT_MESSAGES.password),
        z.maxLength(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.password),
      ),
    confirm: z.string(),
  })
  .check(
    z.refine((v) => v.password === v.confirm, {
      error: ACCOUNT_MESSAGES.confirm,
      path: ["confirm"],
    }),
  );

/** Reads the set-a-password form: the password, or one message per field at fault. */
export function validatePasswordForm(
  form: FormData,
): { ok: true; password: string } | { ok: false; errors: Partial<Record<string, string>> } {
  const parsed = passwordSchema.safeParse({
    password: text(form, "password"),
    confirm: text(form, "confirm"),
  });
  return parsed.success
    ? { ok: true, password: parsed.data.password }
    : { ok: false, errors: fieldErrors(parsed.error.issues) };
}

/** The first owner's form (a new shop's one-time link): who they are and their password. */
const firstOwnerSchema = z
  .object({
    name: accountSchema.shape.name,
    email: accountSchema.shape.email,
    password: passwordSchema.shape.password,
    confirm: passwordSchema.shape.confirm,
  })
  .check(
    z.refine((v) => v.password === v.confirm, {
      error: ACCOUNT_MESSAGES.confirm,
      path: ["confirm"],
    }),
  );

export type FirstOwnerFields = { name: string; email: string; password: string };

/** Reads the first owner's form: the fields, or one message per field at fault. */
export function validateFirstOwnerForm(
  form: FormData,
): { ok: true; data: FirstOwnerFields } | { ok: false; errors: Partial<Record<string, string>> } {
  const parsed = firstOwnerSchema.safeParse({
    name: text(form, "name"),
    email: text(form, "email"),
    password: text(form, "password"),
    confirm: text(form, "confirm"),
  });
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  const { name, email, password } = parsed.data;
  return { ok: true, data: { name, email, password } };
}
