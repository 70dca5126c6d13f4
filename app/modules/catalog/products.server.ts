import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DatabaseHandle, Db } from "~/db/client.server";
import { productStock, products } from "~/db/schema";
import { sizeAvailability } from "~/modules/inventory/stock-rules";
import { available, soldOut, soldOutSizes } from "~/modules/inventory/stock-sql.server";
import { keptUntilChange } from "./kept-until-change.server";
import { priceTagColumns } from "./sale-sql.server";

/** What a product card shows. */
export type ProductSummary = {
  id: string;
  name: string;
  category: string;
  /** The price a shopper pays now (a sale's while it runs). */
  price: number;
  /** The price struck through beside it, if any. */
  wasPrice: number | null;
  onSale: boolean;
  image: string | null;
  isFeatured: boolean;
  sizes: string[];
  /** Its sizes tracked at 0: the card's size picker offers them disabled. */
  soldOutSizes: string[];
  /** Every size it offers is at 0: the card says 'Sold out' and has no add button. */
  soldOut: boolean;
};

export const summaryColumns = {
  id: products.id,
  name: products.name,
  category: products.category,
  ...priceTagColumns,
  image: sql<string | null>`${products.images}[1]`,
  isFeatured: products.isFeatured,
  sizes: products.sizes,
  // Read with the products on every request, like the product page's sizes.
  soldOutSizes,
  soldOut,
};

export const FEATURED_LIMIT = 8;

/**
 * The order of Home's featured products: the most recently featured first, and the owner's
 * order once they moved them; a product featured after that goes above the ordered ones, so a
 * newly featured piece always reaches Home.
 */
export const featuredOrder = [
  sql`${products.featuredPosition} asc nulls first`,
  sql`${products.featuredAt} desc nulls last`,
  asc(products.name),
  asc(products.id),
];

/**
 * Up to 8 featured products on show and not sold out (Home offers what can be bought), in the
 * owner's order (newest first by default).
 */
export function featuredProducts(db: Db, limit = FEATURED_LIMIT): Promise<ProductSummary[]> {
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(eq(products.isFeatured, true), eq(products.inStock, true), available))
    .orderBy(...featuredOrder)
    .limit(limit);
}

/** For each category, the first image of its first in-stock product (by name); none when empty. */
export async function categoryCovers(db: Db, categories: readonly string[]) {
  const rows = await db
    .selectDistinctOn([products.category], {
      category: products.category,
      image: sql<string | null>`${products.images}[1]`,
    })
    .from(products)
    .where(and(inArray(products.category, [...categories]), eq(products.inStock, true)))
    .orderBy(products.category, asc(products.name), asc(products.id));
  const byCategory = new Map(rows.map((row) => [row.category, row.image]));
  return categories
    .filter((id) => byCategory.has(id))
    .map((id) => ({ id, image: byCategory.get(id) ?? null }));
}

/** A product as its page shows it; hidden (out of stock) products are not found. */
async function productForPage(db: Db, id: string) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      details: products.details,
      category: products.category,
      ...priceTagColumns,
      saleEndsAt: products.saleEndsAt,
      images: products.images,
      sizes: products.sizes,
      isFeatured: products.isFeatured,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.id, id), eq(products.inStock, true)));
  if (!product) return null;
  // Read with the product and kept with it (productPage): a sale, a release or an admin's change
  // moves the catalogue's version, so it shows on the very next page.
  const levels = await db
    .select({ size: productStock.size, quantity: productStock.quantity })
    .from(productStock)
    .where(eq(productStock.productId, id));
  const stock = sizeAvailability(
    product.sizes,
    Object.fromEntries(levels.map((l) => [l.size, l.quantity])),
  );
  return { ...product, stock };
}

export type ProductForPage = NonNullable<Awaited<ReturnType<typeof productForPage>>>;

export const RELATED_LIMIT = 4;

/** Up to 4 other products of the same category on show and not sold out, by name. */
function relatedProducts(db: Db, product: { id: string; category: string }) {
  return db
    .select(summaryColumns)
    .from(products)
    .where(
      and(
        eq(products.category, product.category),
        eq(products.inStock, true),
        ne(products.id, product.id),
        available,
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(RELATED_LIMIT);
}

const keptPages = keptUntilChange<{
  product: ProductForPage | null;
  related: ProductSummary[];
}>(500);

/**
 * A product's page: the product with its stock, and related products; null for no product on show.
 * Kept until the catalogue changes (a sale, a release, an admin's change shows on the next page).
 */
export function productPage(
  { db, catalogue }: Pick<DatabaseHandle, "db" | "catalogue">,
  id: string,
) {
  return keptPages(catalogue, id, async () => {
    const product = await productForPage(db, id);
    return { product, related: product ? await relatedProducts(db, product) : [] };
  });
}

/** Every in-stock product's id and last change, for the sitemap. */
export function sitemapProducts(db: Db) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.inStock, true))
    .orderBy(asc(products.id));
}
