import * as z from "zod/mini";
import { msg } from "~/i18n/messages";
import { formatKsh } from "~/terms/money";
import { normaliseKenyanPhone } from "~/terms/phone";
import { DELIVERY_METHODS, PICKUP_LOCATIONS } from "./delivery";

/**
 * The checkout form's rules, in the original shop's order, with its exact texts. One schema
 * for the browser (before submitting) and the server (which never trusts the browser).
 */
export const CHECKOUT_MESSAGES = {
  // Read when said, so the server answers in the request's language.
  get name() {
    return msg.enterFullName;
  },
  get phone() {
    return msg.enterKenyanPhone;
  },
  get email() {
    return msg.enterValidEmail;
  },
  get address() {
    return msg.enterDeliveryLocation;
  },
  /** Another M-Pesa number for the prompt than the order's phone. */
  get payerPhone() {
    return msg.enterPayerPhone;
  },
};

/** The fields that can be in error, in the order the original shop checked them. */
const CHECKOUT_ERROR_FIELDS = ["name", "phone", "email", "address"] as const;

export type CheckoutErrors = Partial<Record<(typeof CHECKOUT_ERROR_FIELDS)[number], string>>;

/** Another M-Pesa number for the prompt than the order's phone: the same rules, stored alike. */
export const payerPhoneSchema = z.pipe(
  z.string({ error: () => CHECKOUT_MESSAGES.payerPhone }).check(
    z.maxLength(40, { error: () => CHECKOUT_MESSAGES.payerPhone }),
    z.refine((v) => normaliseKenyanPhone(v) !== null, {
      error: () => CHECKOUT_MESSAGES.payerPhone,
    }),
  ),
  z.transform((v) => normaliseKenyanPhone(v)!),
);

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

export const checkoutSchema = z
  .object({
    name: z
      .string()
      .check(z.trim(), z.minLength(1, { error: () => CHECKOUT_MESSAGES.name }), z.maxLength(100)),
    phone: z.string().check(
      z.refine((v) => normaliseKenyanPhone(v) !== null, {
        error: () => CHECKOUT_MESSAGES.phone,
      }),
    ),
    email: z
      .string()
      .check(z.trim(), z.email({ error: () => CHECKOUT_MESSAGES.email }), z.maxLength(200)),
    address: text(300),
    city: text(100),
    notes: text(1000),
    deliveryMethod: z._default(
      z.enum(DELIVERY_METHODS.map((m) => m.id) as ["pickup", "matatu", "rider"], {
        error: () => msg.chooseDeliveryMethod,
      }),
      "pickup",
    ),
    pickupLocation: z.optional(z.string()),
  })
  .check(
    z.refine((data) => data.deliveryMethod === "pickup" || Boolean(data.address), {
      error: () => CHECKOUT_MESSAGES.address,
      path: ["address"],
    }),
  );

export type CheckoutInput = z.input<typeof checkoutSchema>;

export type CheckoutData = {
  name: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  notes: string;
  deliveryMethod: "pickup" | "matatu" | "rider";
  pickupLocation: string | null;
};

/**
 * Every field in error at once, each with the spec's text, in the spec's order: the form shows
 * each beside its field, in the browser before posting and on the server after. Empty when no
 * field the form shows is wrong (what a browser cannot send, validateCheckout still refuses).
 */
export function checkoutErrors(input: Record<string, unknown>): CheckoutErrors {
  const result = checkoutSchema.safeParse(input);
  if (result.success) return {};
  const failed = new Set(result.error.issues.map((i) => String(i.path[0])));
  const errors: CheckoutErrors = {};
  for (const field of CHECKOUT_ERROR_FIELDS) {
    if (failed.has(field)) errors[field] = CHECKOUT_MESSAGES[field];
  }
  return errors;
}

/**
 * Checks the form in the spec's order and answers the first failure's text, as the original
 * shop's alerts did, or the cleaned data (phone normalised to 2547XXXXXXXX / 2541XXXXXXXX).
 */
export function validateCheckout(
  input: Record<string, unknown>,
):
  | { ok: true; data: CheckoutData }
  | { ok: false; field: (typeof CHECKOUT_ERROR_FIELDS)[number] | "form"; message: string } {
  const result = checkoutSchema.safeParse(input);
  if (!result.success) {
    const byField = new Map(result.error.issues.map((i) => [String(i.path[0]), i.message]));
    for (const field of CHECKOUT_ERROR_FIELDS) {
      const message = byField.get(field);
      if (message) return { ok: false, field, message: CHECKOUT_MESSAGES[field] };
    }
    return {
      ok: false,
      field: "form",
      message: result.error.issues[0]?.message ?? msg.checkTheForm,
    };
  }
  const data = result.data;
  const pickup = data.deliveryMethod === "pickup";
  return {
    ok: true,
    data: {
      name: data.name,
      phone: normaliseKenyanPhone(data.phone)!,
      email: data.email,
      // The form sends the address field with pickup too (hidden, with what was typed in it).
      address: pickup ? "" : (data.address ?? ""),
      city: data.city ?? "",
      notes: data.notes ?? "",
      deliveryMethod: data.deliveryMethod,
      pickupLocation: pickup
        ? (PICKUP_LOCATIONS.find((l) => l === data.pickupLocation) ?? PICKUP_LOCATIONS[0])
        : null,
    },
  };
}

/** Said when the Pay button pressed was another method's (a browser that showed them all). */
export const totalForChosenDelivery = (total: number) =>
  msg.totalForChosenDelivery(formatKsh(total));
