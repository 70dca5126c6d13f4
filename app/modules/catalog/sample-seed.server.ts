import { count, eq } from "drizzle-orm";
import pLimit from "p-limit";
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { appMeta, products } from "~/db/schema";
import { startTracking } from "~/modules/inventory/stock.server";
import { garmentPhotoSvg, printCloseUpSvg } from "~/modules/media/african-print";
import { imageVariantsExist, storeImageVariants } from "~/modules/media/images.server";
import type { MediaStorage } from "~/modules/media/storage.server";
import { type SampleProduct, sampleCatalogue } from "./sample-catalogue";

const SEEDED = "sample_catalogue_seeded_at";

/** Sample images never change for a product, so their keys are stable and reused when present. */
export function sampleImageKey(product: Pick<SampleProduct, "id" | "category">, index: number) {
  return `products/${product.category}/sample-v1-${product.id}-${index + 1}`;
}

async function drawSampleImage(storage: MediaStorage, product: SampleProduct, index: number) {
  const key = sampleImageKey(product, index);
  if (await imageVariantsExist(storage, key)) return key;
  // The garment, then a close-up of its print, then the print as a folded length of cloth.
  const seed = `${product.id}-0`;
  const svg =
    index === 0
      ? garmentPhotoSvg(seed, product.category)
      : index === 1
        ? printCloseUpSvg(seed)
        : garmentPhotoSvg(seed, "fabric");
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  // Seeding favours speed (effort 0); uploads are encoded more carefully.
  await storeImageVariants(storage, key, png, { effort: 0 });
  return key;
}

/** Adds the sample catalogue with its generated images. Meant for an empty shop. */
export async function seedSampleCatalogue(db: Db, storage: MediaStorage) {
  const catalogue = sampleCatalogue();
  const rows = await pLimit(4).map(catalogue, async (product) => {
    const { imageCount, stock, ...fields } = product;
    const images: string[] = [];
    for (let i = 0; i < imageCount; i++) images.push(await drawSampleImage(storage, product, i));
    return { ...fields, images };
  });
  const levels = catalogue.flatMap((p) =>
    Object.entries(p.stock ?? {}).map(([size, quantity]) => ({ productId: p.id, size, quantity })),
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 50)
      await tx.insert(products).values(rows.slice(i, i + 50));
    await startTracking(tx, levels, "sample catalogue");
    await tx
      .insert(appMeta)
      .values({ key: SEEDED, value: new Date().toISOString() })
      .onConflictDoNothing();
  });
  return rows.length;
}

export async function productCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/**
 * On the very first start only: seeds the sample catalogue into an empty shop and remembers that
 * it did, so an owner who deletes the samples never sees them come back.
 */
export async function seedOnFirstRun(db: Db, storage: MediaStorage, enabled: boolean) {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED));
  if (done) return 0;
  if (!enabled || (await productCount(db)) > 0) {
    await db.insert(appMeta).values({ key: SEEDED, value: "skipped" }).onConflictDoNothing();
    return 0;
  }
  return seedSampleCatalogue(db, storage);
}
