import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages, productStock, products, stockAlerts } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { backInStockSms } from "~/modules/messages/message-texts";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import type { Language } from "~/utils/language";
import { readablePhone } from "~/utils/phone";
import type { StockAlertRequest } from "./stock-alert-form";

/**
 * 'Tell me when it is back'. A number left for a sold-out product waits in `stock_alerts`;
 * `sendStockAlerts` (each minute, and right after the owner changes stock) writes one SMS to the
 * outbox for each number whose product or size is on the shelf again, and marks it notified.
 */

/** Each number left costs an SMS later: a visitor's address may leave a few in 10 minutes. */
export const STOCK_ALERTS_PER_ADDRESS: Limit = {
  name: "stock-alert-address",
  points: 10,
  windowSeconds: 600,
};

export type StockAlertAnswer =
  | { ok: true; message: string }
  | { ok: false; error: string; status: 400 | 404 | 409 | 429 };

/**
 * Leaves a shopper's number for a product that is sold out (in every size, or in `size`); the
 * answer is in the request's language.
 */
export async function askForStockAlert(
  db: Db,
  request: StockAlertRequest & { productId: string; clientAddress?: string; language?: Language },
): Promise<StockAlertAnswer> {
  const [product] = await db
    .select({ sizes: products.sizes, soldOut: products.soldOut })
    .from(products)
    .where(and(eq(products.id, request.productId), eq(products.inStock, true)));
  if (!product) return { ok: false, error: msg.alertProductNotFound, status: 404 };
  if (request.size && !product.sizes.includes(request.size)) {
    return { ok: false, error: msg.alertChooseSize, status: 400 };
  }
  if (!product.soldOut && !(request.size && (await sizeSoldOut(db, request)))) {
    return { ok: false, error: msg.alertInStockNow, status: 409 };
  }
  if (request.clientAddress) {
    const attempt = await countAttempt(db, STOCK_ALERTS_PER_ADDRESS, request.clientAddress);
    if (!attempt.allowed) return { ok: false, error: msg.alertTooMany, status: 429 };
  }
  await db
    .insert(stockAlerts)
    .values({
      productId: request.productId,
      size: request.size,
      phone: request.phone,
      language: request.language ?? "en",
    })
    .onConflictDoNothing();
  return {
    ok: true,
    message: msg.alertWillSend(readablePhone(request.phone)),
  };
}

async function sizeSoldOut(db: Db, { productId, size }: { productId: string; size: string }) {
  const [row] = await db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row?.quantity === 0;
}

/**
 * The waiting numbers whose product is on the shelf again, each with its product: for any size,
 * one not sold out; for one size, that size with pieces (or no longer counted).
 */
const backOnTheShelf = sql`${products.inStock} and case
  when ${stockAlerts.size} = '' then not ${products.soldOut}
  else ${stockAlerts.size} = any(${products.sizes}) and not exists (
    select 1 from ${productStock}
    where ${productStock.productId} = ${stockAlerts.productId}
      and ${productStock.size} = ${stockAlerts.size} and ${productStock.quantity} = 0)
  end`;

/** Writes the SMS of every alert whose product is back, once each; answers how many. */
export async function sendStockAlerts(
  db: Db,
  shop: { SHOP_NAME: string; PUBLIC_URL: string },
  limit = 200,
): Promise<number> {
  const due = await db
    .select({
      id: stockAlerts.id,
      productId: stockAlerts.productId,
      size: stockAlerts.size,
      phone: stockAlerts.phone,
      language: stockAlerts.language,
      name: products.name,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(isNull(stockAlerts.notifiedAt), backOnTheShelf))
    .limit(limit);
  let sent = 0;
  for (const alert of due) {
    // Marked and written together: two processes running this at once send it once.
    const wrote = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(stockAlerts)
        .set({ notifiedAt: new Date() })
        .where(and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.notifiedAt)))
        .returning({ id: stockAlerts.id });
      if (!marked) return false;
      await tx
        .insert(messages)
        .values({
          kind: "back_in_stock",
          audience: "shopper",
          channel: "sms",
          recipient: alert.phone,
          body: backInStockSms({
            shopName: shop.SHOP_NAME,
            productName: alert.name,
            size: alert.size,
            productUrl: `${shop.PUBLIC_URL}/product/${alert.productId}`,
            language: alert.language,
          }),
          dedupeKey: `stock-alert:${alert.id}`,
        })
        .onConflictDoNothing();
      return true;
    });
    if (wrote) sent++;
  }
  return sent;
}
