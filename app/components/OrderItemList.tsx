import { msg } from "~/i18n/messages";
import { formatKsh } from "~/terms/money";

type Line = {
  name: string;
  size?: string | null;
  quantity: number;
  price: number;
  /** Its regular price, when bought on sale: struck through. */
  wasPrice?: number;
  /** Pieces of it given back: the line is marked refunded (struck through when all were). */
  refunded?: number;
};

/** An order's lines with their prices, as the thank-you page and the tracking page show them. */
export function OrderItemList({ items }: { items: Line[] }) {
  return (
    <ul className="mt-3 space-y-1 text-sm">
      {items.map((item) => (
        <li key={`${item.name}-${item.size ?? ""}`} className="flex justify-between gap-4">
          <span>
            {item.refunded && item.refunded >= item.quantity ? (
              <del>
                {item.name}
                {item.size ? ` (${item.size})` : ""} × {item.quantity}
              </del>
            ) : (
              <>
                {item.name}
                {item.size ? ` (${item.size})` : ""} × {item.quantity}
              </>
            )}
            {item.refunded ? (
              <span className="block text-success" data-testid="line-refunded">
                {msg.lineRefunded(item.refunded, item.quantity)}
              </span>
            ) : null}
          </span>
          <span className="whitespace-nowrap tabular">
            {item.wasPrice ? (
              <s className="mr-2 text-muted">
                <span className="sr-only">{`${msg.wasPrice} `}</span>
                {formatKsh(item.wasPrice * item.quantity)}
              </s>
            ) : null}
            {formatKsh(item.price * item.quantity)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A receipt's discount line: 'Discount (JAMHURI10)  -KSh 400'; nothing without one. */
export function DiscountRow({ code, discount }: { code: string | null; discount: number }) {
  if (!code || discount <= 0) return null;
  return (
    <div className="flex justify-between" data-testid="order-discount">
      <dt>{msg.receiptDiscount(code)}</dt>
      <dd>-{formatKsh(discount)}</dd>
    </div>
  );
}
