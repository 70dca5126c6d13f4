import * as z from "zod/mini";
import { CATEGORY_IDS } from "~/terms/categories";
import { fieldErrors } from "~/utils/field-errors";
import { fromNairobiLocal } from "~/utils/nairobi-local";
import { CODE_KINDS, type CodeKind, normaliseCode } from "./code-rules";

/** The owner's form for a new discount code; one schema for the browser and the server. */
export const CODE_FORM_MESSAGES = {
  code: "Please enter a code of 3 to 40 letters and digits.",
  kind: "Please choose what the code gives.",
  percent: "Please enter a percentage from 1 to 100.",
  amount: "Please enter the shillings off: a whole number from 1.",
  minOrder: "Please enter the smallest order in whole shillings, or leave it empty.",
  limit: "Please enter a whole number from 1, or leave it empty for no limit.",
  startsAt: "Please enter when the code starts, or leave it empty to start it at once.",
  endsAt: "Please enter when the code ends, after it starts, or leave it empty to keep it running.",
  categories: "Please choose categories from the list.",
} as const;

export const codeTaken = (code: string) => `There is already a code called ${code}.`;

const whole = (message: string) =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === "" || /^\d{1,7}$/.test(v), { error: message }),
  );

const schema = z.object({
  code: z.string().check(
    z.refine((v) => /^[A-Z0-9]{3,40}$/.test(normaliseCode(v)), {
      error: CODE_FORM_MESSAGES.code,
    }),
  ),
  kind: z.enum(CODE_KINDS, { error: CODE_FORM_MESSAGES.kind }),
  value: z.string().check(z.trim()),
  minOrder: whole(CODE_FORM_MESSAGES.minOrder),
  totalLimit: whole(CODE_FORM_MESSAGES.limit),
  perCustomerLimit: whole(CODE_FORM_MESSAGES.limit),
  startsAt: z.string().check(z.trim()),
  endsAt: z.string().check(z.trim()),
});

export type CodeFields = {
  code: string;
  kind: CodeKind;
  value: number;
  minOrder: number;
  totalLimit: number | null;
  perCustomerLimit: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  categories: string[];
};

/** Reads the form: the code's fields, or one message per field at fault. */
export function validateCodeForm(
  form: FormData,
): { ok: true; data: CodeFields } | { ok: false; errors: Partial<Record<string, string>> } {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const input = Object.fromEntries(
    [
      "code",
      "kind",
      "value",
      "minOrder",
      "totalLimit",
      "perCustomerLimit",
      "startsAt",
      "endsAt",
    ].map((k) => [k, value(k)]),
  );
  const result = schema.safeParse(input);
  const errors: Partial<Record<string, string>> = result.success
    ? {}
    : fieldErrors(result.error.issues);
  const categories = form.getAll("categories").filter((c): c is string => typeof c === "string");
  if (!categories.every((c) => (CATEGORY_IDS as readonly string[]).includes(c))) {
    errors.categories = CODE_FORM_MESSAGES.categories;
  }
  if (!result.success) return { ok: false, errors };
  const d = result.data;
  let amount = 0;
  if (d.kind !== "free_delivery") {
    amount = /^\d{1,7}$/.test(d.value) ? Number(d.value) : 0;
    if (d.kind === "percent" && (amount < 1 || amount > 100))
      errors.value = CODE_FORM_MESSAGES.percent;
    if (d.kind === "amount" && amount < 1) errors.value = CODE_FORM_MESSAGES.amount;
  }
  const limit = (v: string, field: string) => {
    if (v === "") return null;
    if (Number(v) < 1) errors[field] = CODE_FORM_MESSAGES.limit;
    return Number(v);
  };
  const totalLimit = limit(d.totalLimit, "totalLimit");
  const perCustomerLimit = limit(d.perCustomerLimit, "perCustomerLimit");
  const startsAt = d.startsAt ? fromNairobiLocal(d.startsAt) : null;
  const endsAt = d.endsAt ? fromNairobiLocal(d.endsAt) : null;
  if (d.startsAt && !startsAt) errors.startsAt = CODE_FORM_MESSAGES.startsAt;
  if ((d.endsAt && !endsAt) || (startsAt && endsAt && endsAt <= startsAt)) {
    errors.endsAt = CODE_FORM_MESSAGES.endsAt;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    data: {
      code: normaliseCode(d.code),
      kind: d.kind,
      value: amount,
      minOrder: d.minOrder === "" ? 0 : Number(d.minOrder),
      totalLimit,
      perCustomerLimit,
      startsAt,
      endsAt,
      categories,
    },
  };
}
