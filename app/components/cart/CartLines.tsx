import { Link } from "react-router";
import { msg } from "~/i18n/messages";
import { formatKsh } from "~/terms/money";
import { ProductImage } from "../ProductImage";
import { type CartSummaryItem, useCart } from "./cart-context";
import { moreForFreeDelivery } from "./delivery-text";
import { QuantityStepper } from "./QuantityStepper";

/** One line in the drawer, with minus and plus that change its quantity by one. */
function DrawerLine({ item, onNavigate }: { item: CartSummaryItem; onNavigate: () => void }) {
  return (
    <li className="flex gap-3 py-4" data-testid="drawer-line">
      <Link
        to={`/product/${item.productId}`}
        onClick={onNavigate}
        tabIndex={-1}
        aria-hidden="true"
        className="w-16 shrink-0 overflow-hidden rounded-lg"
      >
        <ProductImage image={item.image} alt="" productName={item.name} sizes="64px" />
      </Link>
      <div className="flex flex-1 flex-col">
        <p className="text-sm font-medium">{item.name}</p>
        {item.size ? <p className="text-xs text-muted">{msg.sizeIs(item.size)}</p> : null}
        {item.limit ? <p className="text-xs font-medium text-danger">{item.limit}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <QuantityStepper {...item} />
          <span className="text-sm font-semibold whitespace-nowrap tabular">
            {formatKsh(item.price * item.quantity)}
          </span>
        </div>
      </div>
    </li>
  );
}

/** The filled drawer: the lines, the total and the way to checkout. */
export function CartLines({ onNavigate }: { onNavigate: () => void }) {
  const { cart } = useCart();
  return (
    <>
      <ul className="flex-1 divide-y divide-hairline overflow-y-auto px-5">
        {cart.items.map((item) => (
          <DrawerLine key={`${item.productId}-${item.size}`} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      <div className="border-t border-hairline px-5 py-4">
        {cart.delivery?.free ? (
          <p className="mb-1 flex justify-between text-sm tabular">
            <span>{msg.delivery}</span>
            <span data-testid="drawer-delivery">{msg.free}</span>
          </p>
        ) : null}
        <p className="flex justify-between text-lg font-bold tabular">
          {/* Before delivery is chosen: the items' sum, not what the order will cost. */}
          <span>{msg.subtotal}</span>
          <span data-testid="drawer-total">{formatKsh(cart.total)}</span>
        </p>
        {cart.delivery && cart.delivery.shortBy > 0 ? (
          <p className="mt-1 text-sm text-muted">{moreForFreeDelivery(cart.delivery.shortBy)}</p>
        ) : null}
        <Link to="/cart" onClick={onNavigate} className="btn btn-primary mt-4 w-full">
          {msg.checkout}
        </Link>
      </div>
    </>
  );
}
