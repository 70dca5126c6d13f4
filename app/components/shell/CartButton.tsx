import ShoppingBag from "lucide-react/icons/shopping-bag";
import type { RefObject } from "react";
import { msg } from "~/i18n/messages";
import { plainHref } from "./nav";

/**
 * The header's cart: a link to /cart before JavaScript; with it, the button opens the drawer.
 * The server also renders it alone, with the shopper's count, into a page shared by every shopper
 * (shopper.tsx), so it takes no more than its count to look right.
 */
export function CartButton({
  count,
  buttonRef,
  onIntent,
  onOpen,
}: {
  count: number;
  buttonRef?: RefObject<HTMLAnchorElement | null>;
  onIntent?: () => void;
  onOpen?: () => void;
}) {
  return (
    <a
      ref={buttonRef}
      href={plainHref("/cart")}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
      onClick={(event) => {
        event.preventDefault();
        onOpen?.();
      }}
      className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
      aria-label={msg.cartButton(count)}
      data-testid="cart-button"
    >
      <ShoppingBag aria-hidden="true" />
      {count > 0 ? (
        <span
          className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-white tabular"
          data-testid="cart-badge"
          aria-hidden="true"
        >
          {count}
        </span>
      ) : null}
    </a>
  );
}
