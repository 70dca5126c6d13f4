import { sql } from "drizzle-orm";
import { productStock, products } from "~/db/schema";

/**
 * What the catalogue's queries read of the shelf, as SQL on a query over `products`: read fresh
 * with the products themselves, so no cache stands between a sale and the next page.
 */

/** The sizes a product offers, as the shelf names them: its sizes, or '' alone without sizes. */
export const offeredSizes = sql<
  string[]
>`(case when cardinality(${products.sizes}) = 0 then array['']::text[] else ${products.sizes} end)`;

/** The sizes of the product tracked at 0. */
export const soldOutSizes = sql<string[]>`array(
  select ${productStock.size} from ${productStock}
   where ${productStock.productId} = ${products.id} and ${productStock.quantity} = 0)`;

/** Sold out: every size it offers is tracked, at 0 (the rule of `sizeAvailability`). */
export const soldOut = sql<boolean>`(${offeredSizes} <@ ${soldOutSizes})`;

/** Still to be had: not sold out (the shop's 'In stock only'). */
export const available = sql<boolean>`not ${soldOut}`;

/**
 * Running low: a size it offers is tracked at the product's own line (`low_stock_at`, set by the
 * owner) or fewer, sold out included. The products list's 'Low stock' filter and the dashboard's
 * card count the same.
 */
export const lowStock = sql<boolean>`exists (
  select 1 from ${productStock}
   where ${productStock.productId} = ${products.id}
     and ${productStock.quantity} <= ${products.lowStockAt}
     and ${productStock.size} = any(${offeredSizes}))`;
