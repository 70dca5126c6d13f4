import * as z from "zod/mini";
import { CHECKOUT_MESSAGES, normaliseKenyanPhone } from "~/modules/checkout/checkout-form";

/**
 * 'Tell me when it is back': the form's rules, for the browser and the server alike. The phone
 * is stored as 2547XXXXXXXX; the size is one of the product's, or '' for any.
 */
export const stockAlertSchema = z.object({
  phone: z.pipe(
    z
      .string()
      .check(z.refine((v) => normaliseKenyanPhone(v) !== null, { error: CHECKOUT_MESSAGES.phone })),
    z.transform((v) => normaliseKenyanPhone(v)!),
  ),
  size: z.string().check(z.maxLength(40)),
});

export type StockAlertRequest = z.output<typeof stockAlertSchema>;

export const TOO_MANY_STOCK_ALERTS =
  "Too many numbers have been left from your connection in the last few minutes. Please wait 10 minutes and try again.";

/** The question the shop's WhatsApp gets about a sold-out product, with the size wanted. */
export const askBackInStock = (name: string, size: string, url: string) =>
  size
    ? `Hello, will the ${name} be back in stock in size ${size}? ${url}`
    : `Hello, will the ${name} be back in stock? ${url}`;
