import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { productLevels, stockLevels } from "~/modules/inventory/stock.server";
import { lowStock } from "~/modules/inventory/stock-sql.server";
import type { StockLevel } from "~/terms/back-office-views";
import { isCategoryId } from "~/terms/categories";
import { searchMatches } from "./listing.server";

export const ADMIN_PAGE_SIZE = 30;

/** What a row of the admin's list shows. */
const LIST_COLUMNS = {
  id: products.id,
  name: products.name,
  category: products.category,
  price: products.price,
  originalPrice: products.originalPrice,
  salePrice: products.salePrice,
  saleStartsAt: products.saleStartsAt,
  saleEndsAt: products.saleEndsAt,
  /** The price a shopper pays now: below `price` while the sale runs. */
  sellingPrice: products.sellingPrice,
  images: products.images,
  isFeatured: products.isFeatured,
  inStock: products.inStock,
  sizes: products.sizes,
  lowStockAt: products.lowStockAt,
};

/** What the edit form shows, for the one product an ?edit= or ?delete= link is about. */
const EDIT_COLUMNS = {
  ...LIST_COLUMNS,
  description: products.description,
  details: products.details,
};

/** One line per size the product offers: its pieces, or null when the size is not tracked. */
export type StockLine = StockLevel;

const stockOf = (sizes: string[], levels: Map<string, number>, id: string): StockLine[] =>
  (sizes.length ? sizes : [""]).map((size) => ({
    size,
    left: levels.get(`${id}:${size}`) ?? null,
  }));

/**
 * The admin's product list: every product, hidden ones too, filtered by name, category and low
 * stock, with the fields a row shows and its stock per size.
 */
export async function adminProducts(
  db: Db,
  input: { q: string; category: string; page: number; lowStockOnly?: boolean },
) {
  const where = and(
    searchMatches(input.q.trim()),
    isCategoryId(input.category) ? eq(products.category, input.category) : undefined,
    input.lowStockOnly ? lowStock : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(LIST_COLUMNS)
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  const levels = await stockLevels(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, stock: stockOf(r.sizes, levels, r.id) })),
    total: total?.n ?? 0,
  };
}

/** One product as a row of the list: one just added leads the list, wherever it would sort. */
export async function adminProductRow(db: Db, id: string) {
  const [row] = await db.select(LIST_COLUMNS).from(products).where(eq(products.id, id));
  if (!row) return null;
  return { ...row, stock: stockOf(row.sizes, await stockLevels(db, [row.id]), row.id) };
}

/**
 * One product with the fields the edit form shows (for ?edit=, ?delete= and ?history= links),
 * with its tracked pieces by size, those of sizes it no longer offers too (the form shows them
 * again if the size comes back).
 */
export async function adminProduct(db: Db, id: string) {
  const [row] = await db.select(EDIT_COLUMNS).from(products).where(eq(products.id, id));
  return row ? { ...row, stock: await productLevels(db, id) } : null;
}

/** How many products run low (the dashboard's 'Low stock' card). */
export async function lowStockCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(products).where(lowStock);
  return row?.n ?? 0;
}
