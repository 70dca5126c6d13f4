import { sql } from "drizzle-orm";
import { products } from "~/db/schema";

/** The price a shopper pays at this statement's time, by the rule of sale.ts (migration 0023). */
export const priceNow = sql<number>`products_price_at(${products.price}, ${products.salePrice}, ${products.saleStartsAt}, ${products.saleEndsAt}, now())`;

/** On sale now (the kept selling price is below the regular one). */
export const onSale = sql<boolean>`(${products.sellingPrice} < ${products.price})`;

/**
 * A price tag: the price a shopper pays, the price struck through (the regular price during a
 * sale, else the owner's original price when above 0, as the specification has it) and the
 * 'Sale' badge.
 */
export const priceTagColumns = {
  price: products.sellingPrice,
  wasPrice: sql<
    number | null
  >`case when ${onSale} then ${products.price} when ${products.originalPrice} > 0 then ${products.originalPrice} end`,
  onSale,
};
