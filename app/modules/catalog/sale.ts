/**
 * A product's sale: a price below its own, from a start (or at once) until an end (or for good).
 * The database keeps the same rule (migration 0023's `products_price_at`) for listings; this one
 * serves the forms, the tests and whatever prices outside SQL.
 */
export type SaleWindow = {
  price: number;
  salePrice: number | null;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
};

export function saleRunning(product: SaleWindow, at: Date): boolean {
  const { salePrice, saleStartsAt: starts, saleEndsAt: ends } = product;
  return (
    salePrice !== null &&
    salePrice < product.price &&
    (starts === null || starts <= at) &&
    (ends === null || ends > at)
  );
}

/** The price a shopper pays at `at`. */
export const priceAt = (product: SaleWindow, at: Date): number =>
  saleRunning(product, at) ? product.salePrice! : product.price;

const saleEnd = new Intl.DateTimeFormat("en-KE", {
  timeZone: "Africa/Nairobi",
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** When a sale ends, as the product page says it: 'Sale ends Tuesday 1 December, 08:38'. */
export function saleEndsText(ends: Date | string): string {
  const parts = Object.fromEntries(
    saleEnd.formatToParts(new Date(ends)).map((p) => [p.type, p.value]),
  );
  return `Sale ends ${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}
