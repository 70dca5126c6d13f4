import { categoryName } from "~/terms/categories";
import { imageUrl } from "~/utils/image-urls";
import type { ProductForPage } from "./products.server";

/** Structured data, so search engines can show the price and availability. */
export function productJsonLd(product: ProductForPage, origin: string) {
  const json = JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    sku: product.id,
    name: product.name,
    description: product.description,
    category: categoryName(product.category),
    image: product.images.map((key) => `${origin}${imageUrl(key, 960)}`),
    offers: {
      "@type": "Offer",
      url: `${origin}/product/${product.id}`,
      priceCurrency: "KES",
      price: product.price,
      // A sale's price holds until it ends.
      ...(product.onSale && product.saleEndsAt
        ? { priceValidUntil: new Date(product.saleEndsAt).toISOString().slice(0, 10) }
        : {}),
      availability: product.stock.soldOut
        ? "https://schema.org/OutOfStock"
        : "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  });
  // A product text containing "</script>" must not end the script element.
  return json.replace(/</g, "\\u003c");
}
