import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products } from "~/db/schema";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { adjustStock, StockError, stopTracking } from "~/modules/inventory/stock.server";
import { productImageKey } from "~/modules/media/image-keys";
import {
  ImageRejectedError,
  inspectUpload,
  removeImageVariants,
  storeImageVariants,
} from "~/modules/media/images.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES, type ProductFields } from "./product-form";

export type Upload = { name: string; bytes: Buffer };

/** Something the admin can fix: shown under the spec's failure text. */
export class ProductEditError extends Error {}

/** Reads the uploaded image files of a form, skipping the empty part a file input sends. */
export async function uploadsFrom(form: FormData): Promise<Upload[]> {
  const files = form
    .getAll("images")
    .filter((f): f is File => typeof f === "object" && f !== null && f.size > 0);
  return Promise.all(
    files.map(async (f) => ({ name: f.name, bytes: Buffer.from(await f.arrayBuffer()) })),
  );
}

/**
 * Checks every upload by its content before anything is stored, then stores each one's WebP
 * widths under products/{category}/{timestamp}_{name}. All or nothing: if one fails, the ones
 * already stored are removed.
 */
async function storeUploads(storage: MediaStorage, category: string, uploads: Upload[]) {
  for (const upload of uploads) {
    try {
      await inspectUpload(upload.bytes);
    } catch (error) {
      if (error instanceof ImageRejectedError)
        throw new ProductEditError(`${upload.name}: ${error.message}`);
      throw error;
    }
  }
  const keys: string[] = [];
  const now = Date.now();
  try {
    for (const [i, upload] of uploads.entries()) {
      // One timestamp per save, bumped per file, so two photos named alike never collide.
      const key = productImageKey(category, upload.name, now + i);
      await storeImageVariants(storage, key, upload.bytes);
      keys.push(key);
    }
  } catch (error) {
    await removeImageVariants(storage, keys);
    throw error;
  }
  return keys;
}

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
 * The stock the form asks for, through the ledger ('adjusted' rows by the admin), in the save's
 * transaction. Only the sizes whose field changed from what the form showed are touched, and
 * only if the shelf still holds what it showed (a sale meanwhile refuses the save with a
 * sentence). Sizes the product no longer has keep their count, unused, should they come back.
 */
async function applyStock(
  tx: Tx,
  productId: string,
  fields: ProductFields,
  adminId: string | null,
  reason: string,
) {
  try {
    for (const [size, wanted] of Object.entries(fields.stock)) {
      const shown = Object.hasOwn(fields.stockWas, size) ? fields.stockWas[size] : undefined;
      if (shown !== undefined && shown === wanted) continue;
      if (wanted === null) await stopTracking(tx, { productId, size, expected: shown, adminId });
      else
        await adjustStock(tx, {
          productId,
          size,
          quantity: wanted,
          expected: shown,
          adminId,
          reason,
        });
    }
  } catch (error) {
    if (error instanceof StockError) throw new ProductEditError(error.message);
    throw error;
  }
}

/**
 * When a product became featured, so Home shows the newest first; an edit that keeps it featured
 * keeps its date and the owner's position, and one that unfeatures it forgets both.
 */
export function featuredSince(featured: boolean, product: "new" | "existing") {
  if (!featured) return { featuredAt: null, featuredPosition: null };
  return {
    featuredAt: product === "new" ? sql`now()` : sql`coalesce(${products.featuredAt}, now())`,
  };
}

/** Adds a product with 1 to 3 images (more keeps the first 3). Answers its id. */
export async function createProduct(
  db: Db,
  storage: MediaStorage,
  fields: ProductFields,
  uploads: Upload[],
  adminId: string | null,
): Promise<string> {
  if (uploads.length === 0) throw new ProductEditError(PRODUCT_MESSAGES.noImage);
  const images = await storeUploads(storage, fields.category, uploads.slice(0, MAX_PRODUCT_IMAGES));
  try {
    const id = await asAdmin(db, adminId, async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({ ...columns(fields), ...featuredSince(fields.isFeatured, "new"), images })
        .returning({ id: products.id });
      await applyStock(tx, row!.id, fields, adminId, "new product");
      return row!.id;
    });
    return id;
  } catch (error) {
    await removeImageVariants(storage, images);
    throw error;
  }
}

/**
 * Saves an edit: the fields and the stock the admin changed, the existing images the admin kept
 * (only ones the product really has), then new ones on top, never more than 3 in all. Images no longer used are deleted after
 * the product is saved. Answers false when there is no such product.
 */
export async function updateProduct(
  db: Db,
  storage: MediaStorage,
  id: string,
  fields: ProductFields,
  keep: string[],
  uploads: Upload[],
  adminId: string | null,
): Promise<boolean> {
  const [current] = await db
    .select({ images: products.images })
    .from(products)
    .where(eq(products.id, id));
  if (!current) return false;
  const kept = current.images.filter((key) => keep.includes(key));
  const room = MAX_PRODUCT_IMAGES - kept.length;
  if (uploads.length > room) {
    throw new ProductEditError(
      `A product has at most ${MAX_PRODUCT_IMAGES} images: remove one before adding another.`,
    );
  }
  if (kept.length + uploads.length === 0) {
    throw new ProductEditError(PRODUCT_MESSAGES.noImage);
  }
  const added = await storeUploads(storage, fields.category, uploads);
  try {
    const saved = await asAdmin(db, adminId, async (tx) => {
      const rows = await tx
        .update(products)
        .set({
          ...columns(fields),
          ...featuredSince(fields.isFeatured, "existing"),
          images: [...kept, ...added],
        })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      if (rows.length) await applyStock(tx, id, fields, adminId, "set in the product editor");
      return rows;
    });
    if (saved.length === 0) {
      await removeImageVariants(storage, added);
      return false;
    }
  } catch (error) {
    await removeImageVariants(storage, added);
    throw error;
  }
  await removeImageVariants(
    storage,
    current.images.filter((key) => !kept.includes(key)),
  );
  return true;
}

/** Deletes the product, then its image files. Answers false when there is no such product. */
export async function deleteProduct(
  db: Db,
  storage: MediaStorage,
  id: string,
  adminId: string | null,
): Promise<boolean> {
  const [gone] = await asAdmin(db, adminId, (tx) =>
    tx.delete(products).where(eq(products.id, id)).returning({ images: products.images }),
  );
  if (!gone) return false;
  await removeImageVariants(storage, gone.images);
  return true;
}
