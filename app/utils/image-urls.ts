/**
 * Product images are stored as WebP at these widths, all in the shop's 4:5 frame. A stored image is
 * named by its key; each width is a file `<key>-<width>.webp` served under /media/.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export const IMAGE_RATIO = 5 / 4;

export function imageHeight(width: number): number {
  return Math.round(width * IMAGE_RATIO);
}

export function variantKey(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

/** Keys from before processing (e.g. imported full URLs) point outside our storage. */
export function isExternalImage(key: string): boolean {
  return /^https?:\/\//.test(key);
}

export function imageUrl(key: string, width: number = IMAGE_WIDTHS[1]): string {
  if (isExternalImage(key)) return key;
  return `/media/${variantKey(key, width)}`;
}

export function imageSrcSet(key: string): string | undefined {
  if (isExternalImage(key)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageUrl(key, w)} ${w}w`).join(", ");
}
