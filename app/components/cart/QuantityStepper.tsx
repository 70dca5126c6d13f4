import Minus from "lucide-react/icons/minus";
import Plus from "lucide-react/icons/plus";
import { plainHref } from "~/components/shell/nav";
import { msg } from "~/i18n/messages";
import { useCartFetcher } from "./use-cart-fetcher";

type Props = {
  productId: string;
  size: string;
  quantity: number;
  name: string;
  /** Set when the line holds all the shelf has: plus is off (the server would refuse more). */
  limit?: string | null;
};

const button =
  "inline-flex size-11 items-center justify-center rounded-full border border-hairline bg-white hover:bg-sand";

/**
 * Minus and plus for a cart line. Each is a plain form posting to /cart (working before
 * JavaScript); with it, the post goes in the background and the new quantity shows at once.
 */
export function QuantityStepper({ productId, size, quantity, name, limit }: Props) {
  const { fetcher, submit } = useCartFetcher(`line-${productId}-${size}`);
  const pending = fetcher.formData ? Number(fetcher.formData.get("quantity")) : null;
  const shown = pending ?? quantity;
  const step = (to: number, label: string, Icon: typeof Minus, off = false) => (
    <form
      method="post"
      action={plainHref("/cart")}
      onSubmit={(event) => {
        event.preventDefault();
        submit(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="size" value={size} />
      <input type="hidden" name="quantity" value={to} />
      <input type="hidden" name="returnTo" value="/cart" />
      <button
        type="submit"
        disabled={off}
        className={`${button} disabled:cursor-not-allowed disabled:opacity-40`}
        aria-label={label}
      >
        <Icon size={16} aria-hidden="true" />
      </button>
    </form>
  );
  return (
    <div className="flex items-center gap-2">
      {step(shown - 1, msg.oneFewer(name, size), Minus)}
      <span className="min-w-6 text-center font-semibold tabular">
        <span className="sr-only">{msg.quantityLabel} </span>
        {shown}
      </span>
      {step(shown + 1, msg.oneMore(name, size), Plus, Boolean(limit) && shown >= quantity)}
    </div>
  );
}
