import pLimit from "p-limit";
import type { Db } from "~/db/client.server";
import {
  advanceProductIds,
  insertImportedProduct,
  productNames,
} from "~/modules/catalog/product-records.server";
import { DownloadTooLarge, downloadImage, ImageFetchError } from "~/modules/import/download.server";
import {
  type ExportDocument,
  type ImportedOrder,
  type ImportedProduct,
  imageAddress,
  imageFileName,
  type Problem,
  parseOrder,
  parseProduct,
} from "~/modules/import/firestore-export";
import type { ImportReport } from "~/modules/import/report";
import { startTracking } from "~/modules/inventory/stock.server";
import { productImageKey } from "~/modules/media/image-keys";
import {
  ImageRejectedError,
  inspectUpload,
  MAX_IMAGE_BYTES,
  removeImageVariants,
  storeImageVariants,
  TOO_LARGE,
} from "~/modules/media/images.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { insertImportedOrder, knownOrderIds } from "~/modules/orders/imported-orders.server";

/**
 * Brings a document-database export into the shop: products keep their ids and their images go
 * through the media module; orders keep their original document and get a stable UUID. Anything
 * already in the shop is skipped before any work is done, so a second run changes nothing.
 */
export type ImportOptions = {
  /** How long one image download may take. */
  imageTimeoutMs?: number;
  /** How many products' images are fetched and processed at once. */
  concurrency?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

type ProductsReport = NonNullable<ImportReport["products"]>;
type OrdersReport = NonNullable<ImportReport["orders"]>;

export async function importExport(
  db: Db,
  storage: MediaStorage,
  input: {
    products?: { documents: ExportDocument[]; problems: Problem[] };
    orders?: { documents: ExportDocument[]; problems: Problem[] };
  },
  options: ImportOptions = {},
): Promise<ImportReport> {
  const report: ImportReport = {};
  if (input.products) {
    report.products = await importProducts(db, storage, input.products, options);
  }
  if (input.orders) report.orders = await importOrders(db, input.orders);
  return report;
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

export async function importProducts(
  db: Db,
  storage: MediaStorage,
  input: { documents: ExportDocument[]; problems: Problem[] },
  options: ImportOptions = {},
): Promise<ProductsReport> {
  const report: ProductsReport = {
    imported: [],
    skipped: [...input.problems],
    notes: [],
    images: { stored: 0, failed: [] },
  };
  const valid: { product: ImportedProduct; warnings: string[] }[] = [];
  for (const doc of input.documents) {
    const parsed = parseProduct(doc);
    if (!parsed.ok) {
      report.skipped.push({ id: doc.id, reason: parsed.reason });
      continue;
    }
    valid.push({ product: parsed.product, warnings: parsed.warnings });
  }

  // Products already in the shop are skipped before any image is downloaded.
  const existing = new Map<string, string>();
  for (const ids of chunks(
    valid.map((v) => v.product.id),
    500,
  )) {
    for (const [id, name] of await productNames(db, ids)) existing.set(id, name);
  }
  const toImport = valid.filter(({ product }) => {
    const name = existing.get(product.id);
    if (name === undefined) return true;
    report.skipped.push({
      id: product.id,
      reason:
        name === product.name
          ? "already imported"
          : `id already used by another product, "${name}"`,
    });
    return false;
  });

  const now = options.now ?? Date.now;
  const usedKeys = new Set<string>();
  const download = {
    timeoutMs: options.imageTimeoutMs ?? 20_000,
    maxBytes: MAX_IMAGE_BYTES,
    fetch: options.fetch,
  };
  const results = await pLimit(options.concurrency ?? 4).map(
    toImport,
    async ({ product, warnings }) => {
      const keys: string[] = [];
      const failed: ProductsReport["images"]["failed"] = [];
      for (const address of product.imageUrls) {
        const checked = imageAddress(address);
        if (!checked.ok) {
          failed.push({ productId: product.id, address, reason: checked.reason });
          continue;
        }
        try {
          const body = await downloadImage(checked.url, download);
          await inspectUpload(body);
          // products/{category}/{timestamp}_{name}, timed by the product's creation; a name used
          // twice in this run moves on by a millisecond so no image overwrites another.
          const name = imageFileName(checked.url);
          let time = product.createdAt?.getTime() ?? now();
          let key = productImageKey(product.category, name, time);
          while (usedKeys.has(key)) key = productImageKey(product.category, name, ++time);
          usedKeys.add(key);
          await storeImageVariants(storage, key, body);
          keys.push(key);
        } catch (error) {
          failed.push({ productId: product.id, address, reason: imageFailure(error) });
        }
      }

      const { imageUrls: _, createdAt, stock, ...fields } = product;
      let inserted: boolean;
      try {
        // The product and the stock the export gives (through the ledger), together.
        inserted = await db.transaction(async (tx) => {
          const added = await insertImportedProduct(tx, {
            ...fields,
            images: keys,
            ...(createdAt ? { createdAt } : {}),
          });
          if (added && stock) {
            await startTracking(
              tx,
              Object.entries(stock).map(([size, quantity]) => ({
                productId: product.id,
                size,
                quantity,
              })),
              "imported",
            );
          }
          return added;
        });
      } catch (error) {
        // Never leave files behind that no product points to.
        await removeImageVariants(storage, keys);
        throw error;
      }
      if (!inserted) {
        // Another run imported it meanwhile: keep its images, not ours.
        await removeImageVariants(storage, keys);
        return { product, keys: null, failed: [], warnings };
      }
      return { product, keys, failed, warnings };
    },
  );

  for (const { product, keys, failed, warnings } of results) {
    if (keys === null) {
      report.skipped.push({ id: product.id, reason: "already imported" });
      continue;
    }
    report.imported.push({ id: product.id, name: product.name, images: keys.length });
    for (const note of warnings) {
      report.notes.push({ id: product.id, reason: note });
    }
    report.images.stored += keys.length;
    report.images.failed.push(...failed);
  }

  await advanceProductIds(db);
  return report;
}

function imageFailure(error: unknown): string {
  if (error instanceof ImageFetchError) return error.message;
  if (error instanceof DownloadTooLarge) return `rejected: ${TOO_LARGE}`;
  if (error instanceof ImageRejectedError) return `rejected: ${error.message}`;
  return `could not be processed: ${(error as Error)?.message ?? String(error)}`;
}

export async function importOrders(
  db: Db,
  input: { documents: ExportDocument[]; problems: Problem[] },
): Promise<OrdersReport> {
  const report: OrdersReport = { imported: [], skipped: [...input.problems], notes: [] };
  const valid = [];
  for (const doc of input.documents) {
    const parsed = parseOrder(doc);
    if (!parsed.ok) {
      report.skipped.push({ id: doc.id, reason: parsed.reason });
      continue;
    }
    valid.push(parsed);
  }

  const existing = new Set<string>();
  for (const batch of chunks(valid, 500)) {
    const known = await knownOrderIds(
      db,
      batch.map((p) => p.order.id),
      batch.map((p) => p.order.legacyId),
    );
    for (const id of known) existing.add(id);
  }

  for (const { order: imported, warnings } of valid) {
    if (existing.has(imported.id) || existing.has(imported.legacyId)) {
      report.skipped.push({ id: imported.legacyId, reason: "already imported" });
      continue;
    }
    const created = await db.transaction((tx) => insertImportedOrder(tx, orderRow(imported)));
    if (!created) {
      report.skipped.push({ id: imported.legacyId, reason: "already imported" });
      continue;
    }
    report.imported.push({ id: imported.id, legacyId: imported.legacyId });
    for (const note of warnings) report.notes.push({ id: imported.legacyId, reason: note });
  }
  return report;
}

/** The order's row as the old shop had it, with the document kept as exported. */
function orderRow(imported: ImportedOrder) {
  const { order } = imported;
  return {
    id: imported.id,
    legacyId: imported.legacyId,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    items: order.items,
    customerName: order.customer.name,
    customerPhone: imported.customerPhone,
    customerEmail: order.customer.email,
    address: order.customer.address,
    city: order.customer.city,
    notes: order.customer.notes,
    deliveryMethod: order.delivery.method,
    deliveryFee: order.delivery.fee,
    pickupLocation: order.delivery.pickupLocation,
    paymentMethod: order.paymentMethod,
    confirmationCode: order.confirmationCode,
    raw: imported.raw,
    ...(imported.createdAt ? { createdAt: imported.createdAt } : {}),
  };
}
