import * as z from "zod/mini";
import { msg } from "~/i18n/messages";
import { normaliseKenyanPhone } from "~/terms/phone";

/**
 * 'Tell me when it is back': the form's rules, for the browser and the server alike. The phone
 * is stored as 2547XXXXXXXX; the size is one of the product's, or '' for any. The message is
 * looked up when it is given, in the request's language.
 */
export const stockAlertSchema = z.object({
  phone: z.pipe(
    z
      .string()
      .check(
        z.refine((v) => normaliseKenyanPhone(v) !== null, { error: () => msg.enterKenyanPhone }),
      ),
    z.transform((v) => normaliseKenyanPhone(v)!),
  ),
  size: z.string().check(z.maxLength(40)),
});

export type StockAlertRequest = z.output<typeof stockAlertSchema>;

/**
 * The question the shop's WhatsApp gets about a sold-out product, with the size wanted, in the
 * shopper's language.
 */
export const askBackInStock = (name: string, size: string, url: string) =>
  size ? msg.askBackInStockSize(name, size, url) : msg.askBackInStockAny(name, url);
