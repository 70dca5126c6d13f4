import { Plus, ShoppingBag } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useCartFetcher } from "./use-cart-fetcher";

type Props = { productId: string; name: string; sizes: string[] };

const round =
  "inline-flex size-11 items-center justify-center rounded-full bg-accent text-white shadow-md hover:bg-accent-hover";

/**
 * The round add button on a product card: adds one straight away, or for a product with sizes
 * asks for the size first. Before JavaScript, a sized product's button leads to its page.
 */
export function ProductCardAddButton({ productId, name, sizes }: Props) {
  const { pathname, search } = useLocation();
  const { submit, busy } = useCartFetcher();
  const [hydrated, setHydrated] = useState(false);
  const [choosing, setChoosing] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (sizes.length > 0 && !hydrated) {
    return (
      <Link to={`/product/${productId}`} className={round} aria-label={`Choose a size of ${name}`}>
        <ShoppingBag size={18} aria-hidden="true" />
      </Link>
    );
  }

  return (
    <form
      method="post"
      action="/cart"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        submit(event.currentTarget, submitter?.name === "size" ? { size: submitter.value } : {});
        setChoosing(false);
      }}
      className="relative"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      {sizes.length > 0 ? (
        <>
          <button
            type="button"
            className={round}
            aria-expanded={choosing}
            aria-label={`Add ${name} to cart: choose a size`}
            onClick={() => setChoosing((v) => !v)}
          >
            <Plus size={20} aria-hidden="true" />
          </button>
          {choosing ? (
            <fieldset
              className="absolute right-0 bottom-full mb-2 w-44 rounded-xl border border-hairline bg-white p-2 shadow-xl"
              onKeyDown={(e) => e.key === "Escape" && setChoosing(false)}
            >
              <legend className="sr-only">Size of {name}</legend>
              <p className="px-1 pb-1 text-xs font-semibold text-muted" aria-hidden="true">
                Choose a size
              </p>
              <div className="flex flex-wrap gap-1">
                {sizes.map((size) => (
                  <button
                    key={size}
                    type="submit"
                    name="size"
                    value={size}
                    className="min-h-10 min-w-10 rounded-lg border border-hairline px-2 text-sm font-medium hover:border-ink"
                  >
                    {size}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
        </>
      ) : (
        <button type="submit" disabled={busy} className={round} aria-label={`Add ${name} to cart`}>
          <Plus size={20} aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
