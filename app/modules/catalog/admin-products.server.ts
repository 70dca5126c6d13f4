import { and, asc, count, eq, ilike, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { isCategoryId } from "./categories";
import { forgetCategoryCounts } from "./listing.server";

export const ADMIN_PAGE_SIZE = 30;

/** The admin's product list: every product, hidden ones too, filtered by name and category. */
export async function adminProducts(db: Db, input: { q: string; category: string; page: number }) {
  const term = input.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    term
      ? or(ilike(products.name, `%${term}%`), ilike(products.description, `%${term}%`))
      : undefined,
    isCategoryId(input.category) ? eq(products.category, input.category) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        price: products.price,
        originalPrice: products.originalPrice,
        image: products.images,
        isFeatured: products.isFeatured,
        inStock: products.inStock,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, image: r.image[0] ?? null })), total: total?.n ?? 0 };
}

/** One-click toggles: available (in stock) and featured. */
export async function toggleProduct(db: Db, id: string, field: "inStock" | "isFeatured") {
  const [row] = await db
    .select({ inStock: products.inStock, isFeatured: products.isFeatured })
    .from(products)
    .where(eq(products.id, id));
  if (!row) return null;
  const value = !row[field];
  await db
    .update(products)
    .set({ [field]: value })
    .where(eq(products.id, id));
  forgetCategoryCounts();
  return value;
}
