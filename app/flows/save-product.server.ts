import type { Db, Tx } from "~/db/client.server";
import { asAdmin } from "~/modules/audit/acting-as.server";
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  type ProductFields,
} from "~/modules/catalog/product-form";
import {
  deleteProductRow,
  insertProduct,
  productImages,
  updateProductFields,
} from "~/modules/catalog/product-records.server";
import { ProductEditError, type Upload } from "~/modules/catalog/product-uploads.server";
import { adjustStock, StockError, stopTracking } from "~/modules/inventory/stock.server";
import { productImageKey } from "~/modules/media/image-keys";
import {
  ImageRejectedError,
  inspectUpload,
  removeImageVariants,
  storeImageVariants,
} from "~/modules/media/images.server";
import type { MediaStorage } from "~/modules/media/storage.server";

/**
 * Saving and deleting a product from the editor: its images through media, its row in catalog,
 * its stock through inventory's ledger, all as the admin's change (the audit trail).
 */

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
    return await asAdmin(db, adminId, async (tx) => {
      const id = await insertProduct(tx, fields, images);
      await applyStock(tx, id, fields, adminId, "new product");
      return id;
    });
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
  const current = await productImages(db, id);
  if (!current) return false;
  const kept = current.filter((key) => keep.includes(key));
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
      const found = await updateProductFields(tx, id, fields, [...kept, ...added]);
      if (found) await applyStock(tx, id, fields, adminId, "set in the product editor");
      return found;
    });
    if (!saved) {
      await removeImageVariants(storage, added);
      return false;
    }
  } catch (error) {
    await removeImageVariants(storage, added);
    throw error;
  }
  await removeImageVariants(
    storage,
    current.filter((key) => !kept.includes(key)),
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
  const images = await asAdmin(db, adminId, (tx) => deleteProductRow(tx, id));
  if (!images) return false;
  await removeImageVariants(storage, images);
  return true;
}
