import sharp from "sharp";
import { africanPrintSvg } from "./african-print";
import type { MediaStorage } from "./storage.server";

/** The brand's own prints: the Home hero and the thin kente band under the header. */
export const HERO_KEY = "brand/hero-v1";
export const HERO_WIDTHS = [800, 1600] as const;
export const BAND_KEY = "brand/band-v1.webp";

export const heroUrl = (width: number) => `/media/${HERO_KEY}-${width}.webp`;

export async function ensureBrandImages(storage: MediaStorage) {
  for (const width of HERO_WIDTHS) {
    const key = `${HERO_KEY}-${width}.webp`;
    if (await storage.exists(key)) continue;
    const height = Math.round(width * 0.625);
    const svg = africanPrintSvg("brand-hero", { width, height, motif: "kente", palette: 0 });
    const body = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
    await storage.put(key, body, "image/webp");
  }
  if (!(await storage.exists(BAND_KEY))) {
    const svg = africanPrintSvg("brand-band", {
      width: 160,
      height: 16,
      motif: "zigzag",
      palette: 0,
    });
    await storage.put(
      BAND_KEY,
      await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer(),
      "image/webp",
    );
  }
}
