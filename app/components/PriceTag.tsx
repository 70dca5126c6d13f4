import { msg } from "~/i18n/messages";
import { formatKsh } from "~/terms/money";

type Props = {
  price: number;
  wasPrice: number | null;
  className?: string;
  wasClassName?: string;
};

/** The price a shopper pays, and the price it replaces struck through ('Was' for screen readers). */
export function PriceTag({ price, wasPrice, className = "", wasClassName = "" }: Props) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 tabular ${className}`}>
      <span className="font-semibold whitespace-nowrap">{formatKsh(price)}</span>
      {wasPrice ? (
        <s className={`whitespace-nowrap text-muted ${wasClassName}`}>
          <span className="sr-only">{msg.wasPrice} </span>
          {formatKsh(wasPrice)}
        </s>
      ) : null}
    </p>
  );
}

/** The 'Sale' badge, on a card's photo or beside a product's price. */
export function SaleBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-white ${className}`}
    >
      {msg.saleBadge}
    </span>
  );
}
