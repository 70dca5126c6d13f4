import sharp from "sharp";
import { IMAGE_WIDTHS, imageHeight, isExternalImage, variantKey } from "~/utils/image-urls";
import { logger } from "~/utils/logger.server";
import { IMAGE_TYPES } from "./image-keys";
import type { MediaStorage } from "./storage.server";

/** sharp's names for the accepted types ("png", "jpeg", "webp"). */
const ACCEPTED_FORMATS: readonly string[] = IMAGE_TYPES.map((type) => type.slice("image/".length));
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = "Each image must be 10 MB or smaller.";
export const MAX_IMAGE_PIXELS = 40_000_000;

export class ImageRejectedError extends Error {}

/**
 * Checks an upload by its content, not its name: PNG, JPEG or WebP only, within the size and
 * pixel limits. Returns sharp's view of it.
 */
export async function inspectUpload(input: Buffer) {
  if (input.byteLength > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError(TOO_LARGE);
  }
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    // Reading the header only: no pixel limit here, so an oversized photo is told it is too
    // large rather than "not an image". The limit applies where pixels are decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("That file is not a PNG, JPEG or WebP image.");
  }
  if (!ACCEPTED_FORMATS.includes(meta.format)) {
    throw new ImageRejectedError("That file is not a PNG, JPEG or WebP image.");
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError("Each image must be 40 megapixels or smaller.");
  }
  return meta;
}

/**
 * Re-encodes an image to WebP at each of the shop's widths, cropped to the 4:5 frame the shop
 * shows products in (keeping the most interesting part), and stores every width under `key`.
 */
export async function storeImageVariants(
  storage: MediaStorage,
  key: string,
  input: Buffer,
  options: { effort?: number; quality?: number } = {},
): Promise<void> {
  // Decode once (rotating by EXIF), then resize the decoded pixels for each width.
  const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(IMAGE_WIDTHS.at(-1), imageHeight(IMAGE_WIDTHS.at(-1)!), {
      fit: "cover",
      position: sharp.strategy.attention,
      withoutEnlargement: false,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const width of IMAGE_WIDTHS) {
    const body = await sharp(data, { raw: info })
      .resize(width, imageHeight(width))
      .webp({ quality: options.quality ?? 78, effort: options.effort ?? 4 })
      .toBuffer();
    await storage.put(variantKey(key, width), body, "image/webp");
  }
}

export async function deleteImageVariants(storage: MediaStorage, key: string) {
  // An outside address (an imported product's) has nothing of ours to delete.
  if (isExternalImage(key)) return;
  await Promise.all(IMAGE_WIDTHS.map((w) => storage.delete(variantKey(key, w))));
}

/** Removing files is best effort: a leftover file is logged, never a failed action. */
export async function removeImageVariants(storage: MediaStorage, keys: string[]) {
  for (const key of keys) {
    try {
      await deleteImageVariants(storage, key);
    } catch (error) {
      logger.warn({ err: error, key }, "could not delete a product image");
    }
  }
}

export async function imageVariantsExist(storage: MediaStorage, key: string) {
  const found = await Promise.all(IMAGE_WIDTHS.map((w) => storage.exists(variantKey(key, w))));
  return found.every(Boolean);
}
