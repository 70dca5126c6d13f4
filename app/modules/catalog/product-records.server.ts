import { count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products } from "~/db/schema";
import type { ProductFields } from "./product-form";

/**
 * The writes of the `products` table that the flows call (saving, the import, the sample
 * catalogue), each in the caller's transaction, and the few reads they need first.
 */

type ProductRow = typeof products.$inferInsert;

const columns = (fields: ProductFields) => ({
  name: fields.name,
  originalPrice: fields.originalPrice,
  price: fields.price,
  salePrice: fields.salePrice,
  saleStartsAt: fields.saleStartsAt,
  saleEndsAt: fields.saleEndsAt,
  category: fields.category,
  description: fields.description,
  details: fields.details || null,
  sizes: fields.sizes,
  inStock: fields.inStock,
  isFeatured: fields.isFeatured,
  lowStockAt: fields.lowStockAt,
});

/**
 * When a product became featured, so Home shows the newest first; an edit that keeps it featured
 * keeps its date and the owner's position, and one that unfeatures it forgets both.
 */
function featuredSince(featured: boolean, product: "new" | "existing") {
  if (!featured) return { featuredAt: null, featuredPosition: null };
  return {
    featuredAt: product === "new" ? sql`now()` : sql`coalesce(${products.featuredAt}, now())`,
  };
}

/** Adds a product from the editor's fields with its stored images; answers its id. */
export async function insertProduct(tx: Tx, fields: ProductFields, images: string[]) {
  const [row] = await tx
    .insert(products)
    .values({ ...columns(fields), ...featuredSince(fields.isFeatured, "new"), images })
    .returning({ id: products.id });
  return row!.id;
}

/** The image keys a product has, or null when there is no such product. */
export async function productImages(db: Db | Tx, id: string): Promise<string[] | null> {
  const [row] = await db
    .select({ images: products.images })
    .from(products)
    .where(eq(products.id, id));
  return row?.images ?? null;
}

/** Saves the editor's fields and the product's images; answers false when there is no such product. */
export async function updateProductFields(
  tx: Tx,
  id: string,
  fields: ProductFields,
  images: string[],
) {
  const rows = await tx
    .update(products)
    .set({ ...columns(fields), ...featuredSince(fields.isFeatured, "existing"), images })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Deletes a product; answers the image keys it had, or null when there was no such product. */
export async function deleteProductRow(tx: Tx, id: string): Promise<string[] | null> {
  const [gone] = await tx
    .delete(products)
    .where(eq(products.id, id))
    .returning({ images: products.images });
  return gone?.images ?? null;
}

/**
 * The one-click toggles, available (in stock) and featured, flipped in the database in one
 * statement so two quick clicks never cancel into one; answers the new value, or null when there
 * is no such product.
 */
export async function flipProduct(tx: Tx, id: string, field: "inStock" | "isFeatured") {
  const [row] = await tx
    .update(products)
    .set(
      field === "isFeatured"
        ? {
            isFeatured: sql`not ${products.isFeatured}`,
            // Newly featured: the newest on Home; unfeatured: its place is forgotten.
            featuredAt: sql`case when ${products.isFeatured} then null else now() end`,
            featuredPosition: null,
          }
        : { inStock: sql`not ${products.inStock}` },
    )
    .where(eq(products.id, id))
    .returning({ value: products[field] });
  return row ? row.value : null;
}

/** Adds whole product rows (the sample catalogue), 50 to a statement. */
export async function insertProducts(tx: Tx, rows: ProductRow[]) {
  for (let i = 0; i < rows.length; i += 50) await tx.insert(products).values(rows.slice(i, i + 50));
}

/** Adds one imported product under its own id; answers false when that id is taken already. */
export async function insertImportedProduct(tx: Tx, row: ProductRow & { id: string }) {
  const rows = await tx
    .insert(products)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The names of those of `ids` the shop has, by id. */
export async function productNames(db: Db, ids: string[]) {
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * New products take their ids from product_id_seq; after importing numeric ids the sequence is
 * moved past the largest one (never back), so the next product created in the shop gets a free id.
 */
export async function advanceProductIds(db: Db) {
  await db.execute(sql`
    select setval('product_id_seq', m.next, false)
      from (select coalesce(max(id::bigint), 0) + 1 as next
              from products where id ~ '^[0-9]{1,15}$') m,
           product_id_seq s
     where m.next > (case when s.is_called then s.last_value + 1 else s.last_value end)`);
}

export async function productCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}
