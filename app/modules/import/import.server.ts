import { inArray, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import type { Db } from "~/db/client.server";
import { orderEvents, orders, products } from "~/db/schema";
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
import {
  type ExportDocument,
  type ImportedProduct,
  imageAddress,
  imageFileName,
  type Problem,
  parseOrder,
  parseProduct,
} from "./firestore-export";
import type { ImportReport } from "./report";

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
    const rows = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(inArray(products.id, ids));
    for (const row of rows) existing.set(row.id, row.name);
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
          const body = await downloadImage(checked.url, options);
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
      let inserted: { id: string }[];
      try {
        // The product and the stock the export gives (through the ledger), together.
        inserted = await db.transaction(async (tx) => {
          const rows = await tx
            .insert(products)
            .values({ ...fields, images: keys, ...(createdAt ? { createdAt } : {}) })
            .onConflictDoNothing()
            .returning({ id: products.id });
          if (rows.length && stock) {
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
          return rows;
        });
      } catch (error) {
        // Never leave files behind that no product points to.
        await removeImageVariants(storage, keys);
        throw error;
      }
      if (inserted.length === 0) {
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

class ImageFetchError extends Error {}

async function downloadImage(url: URL, options: ImportOptions): Promise<Buffer> {
  const timeoutMs = options.imageTimeoutMs ?? 20_000;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
  } catch (error) {
    throw new ImageFetchError(`unreachable: ${fetchFailure(error, timeoutMs)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ImageFetchError(`unreachable: the server answered ${response.status}`);
  }
  const tooLarge = new ImageRejectedError(TOO_LARGE);
  if (Number(response.headers.get("content-length") ?? 0) > MAX_IMAGE_BYTES) {
    await response.body?.cancel();
    throw tooLarge;
  }
  // Read at most the limit (plus one byte to know it was exceeded), whatever the headers said.
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const part of response.body ?? []) {
      size += part.byteLength;
      if (size > MAX_IMAGE_BYTES) throw tooLarge;
      parts.push(part);
    }
  } catch (error) {
    if (error === tooLarge) throw error;
    throw new ImageFetchError(`unreachable: ${fetchFailure(error, timeoutMs)}`);
  }
  return Buffer.concat(parts);
}

function fetchFailure(error: unknown, timeoutMs: number): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  }
  const cause = (error as { cause?: NodeJS.ErrnoException })?.cause;
  const code = cause?.code ?? "";
  const known = NETWORK_ERRORS[code];
  if (known) return `${known} (${code})`;
  return code || cause?.message || (error as Error)?.message || "the download failed";
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "the server refused the connection",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "the host name could not be looked up",
  ECONNRESET: "the connection was cut",
  UND_ERR_CONNECT_TIMEOUT: "no connection within the time limit",
};

function imageFailure(error: unknown): string {
  if (error instanceof ImageFetchError) return error.message;
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
    const rows = await db
      .select({ id: orders.id, legacyId: orders.legacyId })
      .from(orders)
      .where(
        or(
          inArray(
            orders.id,
            batch.map((p) => p.order.id),
          ),
          inArray(
            orders.legacyId,
            batch.map((p) => p.order.legacyId),
          ),
        ),
      );
    for (const row of rows) {
      existing.add(row.id);
      if (row.legacyId) existing.add(row.legacyId);
    }
  }

  for (const { order: imported, warnings } of valid) {
    if (existing.has(imported.id) || existing.has(imported.legacyId)) {
      report.skipped.push({ id: imported.legacyId, reason: "already imported" });
      continue;
    }
    const { order } = imported;
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
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
        })
        .onConflictDoNothing()
        .returning({ id: orders.id, createdAt: orders.createdAt });
      if (!row) return false;
      // The order's timeline starts where checkout's does, with where the order came from.
      await tx.insert(orderEvents).values({
        orderId: row.id,
        kind: "created",
        details: {
          amount: order.amount,
          subtotal: order.amount - order.delivery.fee,
          deliveryFee: order.delivery.fee,
          items: order.items.length,
          importedFrom: imported.legacyId,
        },
        createdAt: row.createdAt,
      });
      return true;
    });
    if (!created) {
      report.skipped.push({ id: imported.legacyId, reason: "already imported" });
      continue;
    }
    report.imported.push({ id: imported.id, legacyId: imported.legacyId });
    for (const note of warnings) report.notes.push({ id: imported.legacyId, reason: note });
  }
  return report;
}
