/**
 * The sample catalogue's photos: which drawing each one is and where it is stored. Each product
 * shows its garment laid flat, then the same piece from behind (or worn), then a close look.
 */
import { garmentKindFor } from "~/modules/media/garments/kinds";
import { type PhotoView, samplePhotoSvg } from "~/modules/media/sample-photo";
import type { SampleProduct } from "./sample-catalogue";

/**
 * Sample images never change for a product, so their keys are stable and reused when present.
 * The version changes with the drawings, so that a shop seeded afresh draws the new ones.
 */
export function sampleImageKey(product: Pick<SampleProduct, "id" | "category">, index: number) {
  return `products/${product.category}/sample-v2-${product.id}-${index + 1}`;
}

const VIEWS: readonly PhotoView[] = ["front", "back", "detail"];

/** The `index`th photo of a sample product, as SVG: all of them cut from the product's one print. */
export function sampleImageSvg(
  product: Pick<SampleProduct, "id" | "category" | "name">,
  index: number,
): string {
  const kind = garmentKindFor(product.category, product.name);
  return samplePhotoSvg(`${product.id}-0`, kind, VIEWS[index % VIEWS.length]!);
}
