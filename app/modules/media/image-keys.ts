// The key rule is configuration's too (S3_PREFIX), so it lives with the shared helpers.
export { isSafeKey } from "~/utils/safe-key";

/** The photo types the shop accepts, as the file picker's MIME types. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/**
 * Where a product photo is stored: `products/{category}/{timestamp}_{name}`, as the spec names it.
 * The name is the uploaded file's name without its extension, reduced to safe characters (the
 * stored variants are WebP whatever the upload was).
 */
export function productImageKey(category: string, fileName: string, now = Date.now()): string {
  const stem = fileName.replace(/\.[a-z0-9]+$/i, "");
  const safe =
    stem
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "image";
  const folder = category.replace(/[^a-z0-9-]/gi, "") || "uncategorised";
  return `products/${folder}/${now}_${safe}`;
}
