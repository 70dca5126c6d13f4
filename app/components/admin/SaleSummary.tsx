import { formatKsh } from "~/terms/money";
import { formatDateTime } from "~/utils/dates";

type Sale = {
  price: number;
  sellingPrice: number;
  salePrice: number | null;
  saleStartsAt: string | Date | null;
  saleEndsAt: string | Date | null;
};

/** A product's sale in the admin's list: its price and whether it runs, is to come, or ended. */
export function SaleSummary({ product: p }: { product: Sale }) {
  if (p.salePrice === null) return null;
  const running = p.sellingPrice < p.price;
  const upcoming = !running && p.saleStartsAt && new Date(p.saleStartsAt) > new Date();
  const when = running
    ? p.saleEndsAt
      ? `on sale until ${formatDateTime(p.saleEndsAt)}`
      : "on sale now"
    : upcoming
      ? `sale from ${formatDateTime(p.saleStartsAt!)}`
      : "sale ended";
  return (
    <p className={`text-xs ${running ? "font-semibold text-accent" : "text-muted"}`}>
      {formatKsh(p.salePrice)}, {when}
    </p>
  );
}
