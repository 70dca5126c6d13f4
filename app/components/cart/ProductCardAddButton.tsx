import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { msg } from "~/i18n/messages";
import { useHydrated } from "../use-hydrated";
import { useCartFetcher } from "./use-cart-fetcher";

type Props = { productId: string; name: string; sizes: string[]; soldOutSizes?: string[] };

const round =
  "inline-flex size-11 items-center justify-center rounded-full bg-accent text-white shadow-md hover:bg-accent-hover";

/**
 * The round add button on a product card: adds one straight away, or for a product with sizes
 * asks for the size first. Before JavaScript, a sized product's button leads to its page. A
 * product in one size only ('One Size') is added in it straight away, with or without JavaScript.
 */
export function ProductCardAddButton({ productId, name, sizes, soldOutSizes = [] }: Props) {
  const { pathname, search } = useLocation();
  const { submit, busy } = useCartFetcher();
  const hydrated = useHydrated();
  const [choosing, setChoosing] = useState(false);

  const choice = sizes.length > 1;
  if (choice && !hydrated) {
    return (
      <Link to={`/product/${productId}`} className={round} aria-label={msg.chooseSizeOf(name)}>
        <span className="mask-icon mask-icon-bag size-[18px]" aria-hidden="true" />
      </Link>
    );
  }

  // The router's Form (the basename's path to the cart, as a plain form's): the router learns the
  // cart's route as the card shows, so a tap can fetch its code before posting (use-cart-fetcher).
  return (
    <Form
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
      {sizes.length === 1 ? <input type="hidden" name="size" value={sizes[0]} /> : null}
      {choice ? (
        <>
          <button
            type="button"
            className={round}
            aria-expanded={choosing}
            aria-label={msg.addChoosingSize(name)}
            onClick={() => setChoosing((v) => !v)}
          >
            <span className="mask-icon mask-icon-plus size-5" aria-hidden="true" />
          </button>
          {choosing ? (
            <fieldset
              className="absolute right-0 bottom-full mb-2 w-44 max-w-[calc(50vw-2.5rem)] rounded-xl border border-hairline bg-white p-2 shadow-xl"
              onKeyDown={(e) => e.key === "Escape" && setChoosing(false)}
            >
              <legend className="sr-only">{msg.sizeOf(name)}</legend>
              <p className="px-1 pb-1 text-xs font-semibold text-muted" aria-hidden="true">
                {msg.chooseSize}
              </p>
              <div className="flex flex-wrap gap-1">
                {sizes.map((size) => {
                  const gone = soldOutSizes.includes(size);
                  return (
                    <button
                      key={size}
                      type="submit"
                      name="size"
                      value={size}
                      disabled={gone}
                      className="min-h-11 min-w-11 rounded-lg border border-hairline px-2 text-sm font-medium hover:border-ink disabled:border-dashed disabled:text-muted disabled:line-through"
                    >
                      {size}
                      {gone ? <span className="sr-only"> {msg.soldOutAside}</span> : null}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
        </>
      ) : (
        <button
          type="submit"
          disabled={busy}
          className={round}
          aria-label={msg.addToCartNamed(name)}
        >
          <span className="mask-icon mask-icon-plus size-5" aria-hidden="true" />
        </button>
      )}
    </Form>
  );
}
