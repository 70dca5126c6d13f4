import { useEffect, useRef } from "react";
import { useFetcher, useSubmit } from "react-router";
import { loadThroughDrops } from "~/components/offline/ConnectionNotice";
import { plainHref } from "~/components/shell/nav";
import { msg } from "~/i18n/messages";

type Line = { productId: string; size: string; quantity: number };

/**
 * 'Clear Cart' with 'Undo'. With JavaScript the cart is cleared in the background and a toast
 * offers 'Undo' for 5 seconds, which puts the same lines back (checked by the server like any
 * cart change). Call it in the page whether the cart is full or empty: the answer arrives once
 * the cart is empty and the button is gone.
 */
export function useClearCart(lines: Line[]) {
  const clear = useFetcher<{ ok: boolean }>({ key: "cart-clear" });
  // Not tied to the page: the lines come back even if the shopper has moved on meanwhile.
  const submit = useSubmit();
  const cleared = useRef<Line[]>([]);

  useEffect(() => {
    if (clear.state !== "idle" || !clear.data?.ok || !cleared.current.length) return;
    const undo = cleared.current;
    cleared.current = [];
    // Loaded once the cart is cleared: the cart page's first script stays light. A drop before
    // it came waits for the connection, as the page's other late code does.
    void loadThroughDrops(() => import("./offer-cart-undo")).then(({ offerCartUndo }) =>
      offerCartUndo(undo, submit),
    );
  }, [clear.state, clear.data, submit]);

  return {
    busy: clear.state !== "idle",
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      cleared.current = lines;
      const form = new FormData(event.currentTarget);
      form.set("via", "fetch");
      void clear.submit(form, { method: "post", action: "/cart" });
    },
  };
}

/** The button; without JavaScript its form simply clears the cart. */
export function ClearCartButton({ busy, onSubmit }: ReturnType<typeof useClearCart>) {
  return (
    <form method="post" action={plainHref("/cart")} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="clear" />
      <input type="hidden" name="returnTo" value="/cart" />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-danger hover:underline"
      >
        {msg.clearCart}
      </button>
    </form>
  );
}
