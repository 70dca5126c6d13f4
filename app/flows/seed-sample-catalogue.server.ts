import pLimit from "p-limit";
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { readMeta, setMetaOnce } from "~/db/meta.server";
import { insertProducts, productCount } from "~/modules/catalog/product-records.server";
import { type SampleProduct, sampleCatalogue } from "~/modules/catalog/sample-catalogue";
import { sampleImageKey, sampleImageSvg } from "~/modules/catalog/sample-images";
import { startTracking } from "~/modules/inventory/stock.server";
import { imageVariantsExist, storeImageVariants } from "~/modules/media/images.server";
import type { MediaStorage } from "~/modules/media/storage.server";

const SEEDED = "sample_catalogue_seeded_at";
export const SAMPLE_QUALITY = 60;

async function drawSampleImage(storage: MediaStorage, product: SampleProduct, index: number) {
  const key = sampleImageKey(product, index);
  if (await imageVariantsExist(storage, key)) return key;
  const svg = sampleImageSvg(product, index);
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  // Seeding favours speed: effort 2 is nearly as quick as 0 and makes files a quarter smaller.
  // Flat drawn colours show no loss at quality 60 (photos are kept at 78), and a page of
  // product cards stays within its first-view budget.
  await storeImageVariants(storage, key, png, { effort: 2, quality: SAMPLE_QUALITY });
  return key;
}

/**
 * Draws the sample catalogue's images into storage (those already there are kept) and returns
 * each product's image keys, in catalogue order.
 */
export async function drawSampleImages(storage: MediaStorage, catalogue = sampleCatalogue()) {
  return pLimit(4).map(catalogue, async (product) => {
    const images: string[] = [];
    for (let i = 0; i < product.imageCount; i++)
      images.push(await drawSampleImage(storage, product, i));
    return images;
  });
}

/** Adds the sample catalogue with its generated images. Meant for an empty shop. */
export async function seedSampleCatalogue(db: Db, storage: MediaStorage) {
  const catalogue = sampleCatalogue();
  const images = await drawSampleImages(storage, catalogue);
  const rows = catalogue.map(({ imageCount, stock, ...fields }, i) => ({
    ...fields,
    images: images[i],
  }));
  const levels = catalogue.flatMap((p) =>
    Object.entries(p.stock ?? {}).map(([size, quantity]) => ({ productId: p.id, size, quantity })),
  );
  await db.transaction(async (tx) => {
    await insertProducts(tx, rows);
    await startTracking(tx, levels, "sample catalogue");
    await setMetaOnce(tx, SEEDED, new Date().toISOString());
  });
  return rows.length;
}

/**
 * On the very first start only: seeds the sample catalogue into an empty shop and remembers that
 * it did, so an owner who deletes the samples never sees them come back.
 */
export async function seedOnFirstRun(db: Db, storage: MediaStorage, enabled: boolean) {
  if ((await readMeta(db, SEEDED)) !== null) return 0;
  if (!enabled || (await productCount(db)) > 0) {
    await setMetaOnce(db, SEEDED, "skipped");
    return 0;
  }
  return seedSampleCatalogue(db, storage);
}
