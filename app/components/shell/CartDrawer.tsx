import * as Dialog from "@radix-ui/react-dialog";
import { ShoppingBag, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  /** The filled cart's lines and total; the empty state shows when there are none. */
  children?: ReactNode;
};

/** The right-hand cart drawer; Radix Dialog handles focus, Escape, outside click and scroll lock. */
export function CartDrawer({ open, onOpenChange, count, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          className="sheet-right fixed inset-y-0 right-0 z-50 flex w-[min(26rem,92vw)] flex-col bg-paper shadow-2xl"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between border-b border-hairline px-5 py-3">
            <Dialog.Title className="text-lg font-bold">Shopping Cart ({count})</Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sand"
              aria-label="Close cart"
            >
              <X aria-hidden="true" />
            </Dialog.Close>
          </div>
          {count > 0 && children ? (
            children
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
              <span className="inline-flex size-16 items-center justify-center rounded-full bg-sand text-accent">
                <ShoppingBag size={28} aria-hidden="true" />
              </span>
              <p className="text-lg font-medium">Your cart is empty</p>
              <Link to="/shop" onClick={() => onOpenChange(false)} className="btn btn-primary">
                Continue Shopping
              </Link>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
