import { sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { logger } from "~/utils/logger.server";
import { priceNow } from "./sale-sql.server";

/**
 * Brings every product's kept selling price to what it is now: the products whose sale started
 * or ended since they were last saved. The change moves the catalogue's version, so cached pages
 * and kept reads show the new price on the next request.
 */
export async function refreshSellingPrices(db: Db): Promise<number> {
  const changed = await db
    .update(products)
    .set({ sellingPrice: priceNow })
    .where(sql`${products.sellingPrice} is distinct from ${priceNow}`)
    .returning({ id: products.id });
  return changed.length;
}

/** When the next sale starts or ends; null when none is to come. */
export async function nextSaleChange(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      next: sql<string | null>`least(
        min(${products.saleStartsAt}) filter (where ${products.saleStartsAt} > now()),
        min(${products.saleEndsAt}) filter (where ${products.saleEndsAt} > now()))`,
    })
    .from(products)
    .where(sql`${products.salePrice} is not null`);
  return row?.next ? new Date(row.next) : null;
}

/** The longest the clock sleeps: a clock moved or a change missed is caught within this. */
const LONGEST_WAIT_MS = 10 * 60_000;

/**
 * Wakes at the moment the next sale starts or ends and refreshes the selling prices. Every process
 * runs one (the second to wake finds nothing left to change); a save that adds or moves a sale
 * moves the catalogue's version, and the clock looks again for the next moment.
 */
export function startSaleClock(database: DatabaseHandle) {
  const { db } = database;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let work: Promise<unknown> = Promise.resolve();
  let looking = false;

  const wakeAt = (next: Date | null) => {
    clearTimeout(timer);
    if (stopped) return;
    // A few milliseconds late, so the database's clock has passed the moment too.
    const wait = next ? Math.max(0, next.getTime() - Date.now() + 5) : LONGEST_WAIT_MS;
    timer = setTimeout(wake, Math.min(wait, LONGEST_WAIT_MS));
    timer.unref();
  };
  const run = (step: () => Promise<void>) => {
    work = work.then(step).catch((error) => {
      logger.error({ err: error }, "the sale clock could not read or change the prices");
      wakeAt(new Date(Date.now() + 60_000));
    });
    return work;
  };
  const wake = () =>
    run(async () => {
      if (stopped) return;
      const changed = await refreshSellingPrices(db);
      if (changed) logger.info({ products: changed }, "sale prices started or ended");
      wakeAt(await nextSaleChange(db));
    });
  // A catalogue change may be a sale saved: look for the next moment again, once at a time.
  const lookAgain = () => {
    if (looking || stopped) return;
    looking = true;
    void run(async () => {
      looking = false;
      wakeAt(await nextSaleChange(db));
    });
  };
  const unlisten = database.catalogue.onChange(lookAgain);
  void wake();
  return async () => {
    stopped = true;
    unlisten();
    clearTimeout(timer);
    await work;
  };
}
