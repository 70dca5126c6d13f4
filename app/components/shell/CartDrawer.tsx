import ShoppingBag from "lucide-react/icons/shopping-bag";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { msg } from "~/i18n/messages";
import { Sheet } from "../Sheet";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  count: number;
  /** The filled cart's lines and total; the empty state shows when there are none. */
  children?: ReactNode;
};

/** The right-hand cart drawer. */
export function CartDrawer({ open, onOpenChange, returnFocusTo, count, children }: Props) {
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={msg.cartDrawerTitle(count)}
      closeLabel={msg.closeCart}
      returnFocusTo={returnFocusTo}
    >
      {count > 0 && children ? (
        children
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-sand text-accent">
            <ShoppingBag size={28} aria-hidden="true" />
          </span>
          <p className="text-lg font-medium">{msg.cartEmpty}</p>
          <Link to="/shop" onClick={() => onOpenChange(false)} className="btn btn-primary">
            {msg.continueShopping}
          </Link>
        </div>
      )}
    </Sheet>
  );
}
