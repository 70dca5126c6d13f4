import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { productStock, products, stockAlertNumbers, stockAlerts } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { backInStockSms, confirmAlertNumberSms } from "~/modules/messages/message-texts";
import { queueShopperSms } from "~/modules/messages/queue-sms.server";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import { readablePhone } from "~/terms/phone";
import { type Language, pathIn } from "~/utils/language";
import type { StockAlertRequest } from "./stock-alert-form";

/**
 * 'Tell me when it is back'. A number left for a sold-out product waits in `stock_alerts`;
 * `sendStockAlerts` (each minute, and right after the owner changes stock) writes one SMS to the
 * outbox for each number whose product or size is on the shelf again, and marks it notified.
 *
 * A number is its holder's only once they say so (issue 40: one address could make the shop text
 * a stranger ten times a restock): the first time a number is left it gets one SMS with a link to
 * confirm it (`stock_alert_numbers`), at most once a day while it is not confirmed, and no alert
 * until it is. A confirmed number gets at most ALERTS_PER_NUMBER_PER_DAY alerts; the rest wait for
 * the next day. A number waits once per product and size (stock_alerts_waiting_idx).
 */

/** Alerts a confirmed number may get in a day (a restock of several pieces it waits for). */
export const ALERTS_PER_NUMBER_PER_DAY = 3;
const DAY = sql`interval '1 day'`;

type Shop = { SHOP_NAME: string; PUBLIC_URL: string };

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
  shop: Shop,
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
  const readable = readablePhone(request.phone);
  const number = await askToConfirm(db, request.phone, request.language ?? "en", shop);
  return {
    ok: true,
    message:
      number === "confirmed"
        ? msg.alertWillSend(readable)
        : number === "asked"
          ? msg.alertConfirmSent(readable)
          : msg.alertConfirmWaiting(readable),
  };
}

/**
 * A number not yet confirmed gets the SMS asking to confirm it, unless one went in the last day;
 * answers which: already confirmed, asked now, or asked earlier (its link still works).
 */
async function askToConfirm(
  db: Db,
  phone: string,
  language: Language,
  shop: Shop,
): Promise<"confirmed" | "asked" | "waiting"> {
  return db.transaction(async (tx) => {
    await tx.insert(stockAlertNumbers).values({ phone }).onConflictDoNothing();
    const [asked] = await tx
      .update(stockAlertNumbers)
      .set({ askedAt: sql`now()` })
      .where(
        and(
          eq(stockAlertNumbers.phone, phone),
          isNull(stockAlertNumbers.confirmedAt),
          sql`(${stockAlertNumbers.askedAt} is null or ${stockAlertNumbers.askedAt} < now() - ${DAY})`,
        ),
      )
      .returning({ token: stockAlertNumbers.token, askedAt: stockAlertNumbers.askedAt });
    if (!asked) {
      const [row] = await tx
        .select({ confirmedAt: stockAlertNumbers.confirmedAt })
        .from(stockAlertNumbers)
        .where(eq(stockAlertNumbers.phone, phone));
      return row?.confirmedAt ? "confirmed" : "waiting";
    }
    await queueShopperSms(tx, {
      kind: "back_in_stock",
      recipient: phone,
      body: confirmAlertNumberSms({
        shopName: shop.SHOP_NAME,
        confirmUrl: `${shop.PUBLIC_URL}${pathIn(language, `/stock-alerts/${asked.token}`)}`,
        language,
      }),
      dedupeKey: `stock-alert-confirm:${phone}:${asked.askedAt?.getTime() ?? Date.now()}`,
    });
    return "asked";
  });
}

/** The number a confirmation link is for, while it is good; null for any other token. */
export async function numberToConfirm(
  db: Db,
  token: string,
): Promise<{ phone: string; confirmed: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await db
    .select({ phone: stockAlertNumbers.phone, confirmedAt: stockAlertNumbers.confirmedAt })
    .from(stockAlertNumbers)
    .where(eq(stockAlertNumbers.token, token));
  return row ? { phone: row.phone, confirmed: row.confirmedAt !== null } : null;
}

/** The holder confirms their number (once is enough; again changes nothing). */
export async function confirmNumber(db: Db, token: string): Promise<string | null> {
  const found = await numberToConfirm(db, token);
  if (!found) return null;
  await db
    .update(stockAlertNumbers)
    .set({ confirmedAt: sql`coalesce(${stockAlertNumbers.confirmedAt}, now())` })
    .where(eq(stockAlertNumbers.token, token));
  return found.phone;
}

/**
 * Counts one alert against the number's day, in the alert's transaction: false when the number
 * is not confirmed or has had its alerts for the day (the alert then waits).
 */
async function countAlert(tx: Tx, phone: string): Promise<boolean> {
  const fresh = sql`(${stockAlertNumbers.windowStart} is null or ${stockAlertNumbers.windowStart} < now() - ${DAY})`;
  const [counted] = await tx
    .update(stockAlertNumbers)
    .set({
      windowStart: sql`case when ${fresh} then now() else ${stockAlertNumbers.windowStart} end`,
      sentInWindow: sql`case when ${fresh} then 1 else ${stockAlertNumbers.sentInWindow} + 1 end`,
    })
    .where(
      and(
        eq(stockAlertNumbers.phone, phone),
        isNotNull(stockAlertNumbers.confirmedAt),
        sql`(${fresh} or ${stockAlertNumbers.sentInWindow} < ${ALERTS_PER_NUMBER_PER_DAY})`,
      ),
    )
    .returning({ phone: stockAlertNumbers.phone });
  return Boolean(counted);
}

/** Thrown inside an alert's transaction to undo its marking when the number may not hear now. */
class NotNow extends Error {}

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
export async function sendStockAlerts(db: Db, shop: Shop, limit = 200): Promise<number> {
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
    // Only confirmed numbers with alerts left today: the others wait without filling the batch.
    .innerJoin(
      stockAlertNumbers,
      and(
        eq(stockAlertNumbers.phone, stockAlerts.phone),
        isNotNull(stockAlertNumbers.confirmedAt),
        sql`(${stockAlertNumbers.windowStart} is null or ${stockAlertNumbers.windowStart} < now() - ${DAY} or ${stockAlertNumbers.sentInWindow} < ${ALERTS_PER_NUMBER_PER_DAY})`,
      ),
    )
    .where(and(isNull(stockAlerts.notifiedAt), backOnTheShelf))
    .orderBy(stockAlerts.id)
    .limit(limit);
  let sent = 0;
  for (const alert of due) {
    // Marked, counted and written together: two processes running this at once send it once,
    // and a number's day is counted right however many alerts are due at once.
    const wrote = await db
      .transaction(async (tx) => {
        const [marked] = await tx
          .update(stockAlerts)
          .set({ notifiedAt: new Date() })
          .where(and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.notifiedAt)))
          .returning({ id: stockAlerts.id });
        if (!marked) return false;
        if (!(await countAlert(tx, alert.phone))) throw new NotNow();
        await queueShopperSms(tx, {
          kind: "back_in_stock",
          recipient: alert.phone,
          body: backInStockSms({
            shopName: shop.SHOP_NAME,
            productName: alert.name,
            size: alert.size,
            productUrl: `${shop.PUBLIC_URL}/product/${alert.productId}`,
            language: alert.language,
          }),
          dedupeKey: `stock-alert:${alert.id}`,
        });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NotNow) return false;
        throw error;
      });
    if (wrote) sent++;
  }
  return sent;
}
