import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { isCategoryId } from "./categories";
import { forgetCategoryCounts, searchMatches } from "./listing.server";

export const ADMIN_PAGE_SIZE = 30;

/** What a row of the admin's list shows. */
const LIST_COLUMNS = {
  id: products.id,
  name: products.name,
  category: products.category,
  price: products.price,
  originalPrice: products.originalPrice,
  images: products.images,
  isFeatured: products.isFeatured,
  inStock: products.inStock,
};

/** What the edit form shows, for the one product an ?edit= or ?delete= link is about. */
const EDIT_COLUMNS = {
  ...LIST_COLUMNS,
  description: products.description,
  details: products.details,
  sizes: products.sizes,
};

/**
 * The admin's product list: every product, hidden ones too, filtered by name and category, with
 * the fields a row shows.
 */
export async function adminProducts(db: Db, input: { q: string; category: string; page: number }) {
  const where = and(
    searchMatches(input.q.trim()),
    isCategoryId(input.category) ? eq(products.category, input.category) : undefined,
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
  return { rows, total: total?.n ?? 0 };
}

/** One product with the fields the edit form shows (for ?edit= and ?delete= links). */
export async function adminProduct(db: Db, id: string) {
  const [row] = await db.select(EDIT_COLUMNS).from(products).where(eq(products.id, id));
  return row ?? null;
}

/** One-click toggles: available (in stock) and featured. */
export async function toggleProduct(db: Db, id: string, field: "inStock" | "isFeatured") {
  // Flipped in the database, in one statement: two quick clicks never cancel into one.
  const [row] = await db
    .update(products)
    .set({ [field]: sql`not ${products[field]}` })
    .where(eq(products.id, id))
    .returning({ value: products[field] });
  if (!row) return null;
  forgetCategoryCounts();
  return row.value;
}
