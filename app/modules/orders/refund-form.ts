import * as z from "zod/mini";
import type { RefundLine } from "~/terms/refund-states";
import { fieldErrors } from "~/utils/field-errors";
import type { RefundAsk } from "./refund-rules";

/** The refund form's rules, one schema for the browser and the server. */
export const REFUND_FORM_MESSAGES = {
  amount:
    "Please enter the amount as a whole number of shillings, or leave it empty to refund the chosen pieces.",
  reason: "Please say why you are refunding (up to 300 characters).",
  method: "Please choose how the money goes back.",
  reference:
    "Please enter the M-Pesa or bank reference of the refund you made (up to 40 characters).",
} as const;

/** How the money goes back: asked of the payment's provider, or made by hand and recorded. */
export const REFUND_WAYS = ["provider", "hand"] as const;
export type RefundWay = (typeof REFUND_WAYS)[number];

const schema = z.object({
  amount: z.string().check(
    z.trim(),
    z.refine((v) => v === "" || /^\d{1,7}$/.test(v), { error: REFUND_FORM_MESSAGES.amount }),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: REFUND_FORM_MESSAGES.reason }),
      z.maxLength(300, { error: REFUND_FORM_MESSAGES.reason }),
    ),
  method: z.enum(REFUND_WAYS, { error: REFUND_FORM_MESSAGES.method }),
  reference: z.string().check(z.trim(), z.maxLength(40, { error: REFUND_FORM_MESSAGES.reference })),
});

/** A line's fields: pieces to give back (`refund:2`) and whether they go back on the shelf. */
export const refundQuantityField = (line: number) => `refund:${line}`;
export const refundRestockField = (line: number) => `restock:${line}`;

export type RefundForm = RefundAsk & { reason: string; method: RefundWay; reference: string };

/** Reads the refund form: the ask, or one message per field at fault. */
export function validateRefundForm(
  form: FormData,
  lineCount: number,
): { ok: true; data: RefundForm } | { ok: false; errors: Partial<Record<string, string>> } {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const result = schema.safeParse({
    amount: value("amount"),
    reason: value("reason"),
    method: value("method"),
    reference: value("reference"),
  });
  const errors: Partial<Record<string, string>> = result.success
    ? {}
    : fieldErrors(result.error.issues);
  if (result.success && result.data.method === "hand" && !result.data.reference) {
    errors.reference = REFUND_FORM_MESSAGES.reference;
  }
  const lines: RefundLine[] = [];
  for (let line = 0; line < lineCount; line++) {
    const pieces = value(refundQuantityField(line)).trim();
    if (pieces === "" || pieces === "0") continue;
    if (!/^\d{1,3}$/.test(pieces)) {
      errors[refundQuantityField(line)] = "Please enter a whole number of pieces.";
      continue;
    }
    lines.push({
      line,
      quantity: Number(pieces),
      restock: form.get(refundRestockField(line)) === "on",
    });
  }
  if (!result.success || Object.keys(errors).length) return { ok: false, errors };
  const d = result.data;
  return {
    ok: true,
    data: {
      amount: d.amount === "" ? null : Number(d.amount),
      lines,
      reason: d.reason,
      method: d.method,
      reference: d.reference,
    },
  };
}
