import type { SubmitFunction } from "react-router";
import { msg } from "~/i18n/messages";
import { notifyWithAction } from "../toast-with-action";

type Line = { productId: string; size: string; quantity: number };

/** How long 'Undo' is offered after the cart is cleared. */
const UNDO_FOR_MS = 5000;

/** The page's main heading, where the focus goes once the toast has left with it. */
const focusHeading = () => document.querySelector<HTMLElement>("#main h1")?.focus();

/**
 * The toast offering 'Undo' after the cart was cleared, which puts the same lines back (checked
 * by the server like any cart change). Loaded once the cart is cleared: the cart page's first
 * script stays light.
 */
export function offerCartUndo(undo: Line[], submit: SubmitFunction) {
  notifyWithAction({
    message: msg.cartCleared,
    action: msg.undo,
    duration: UNDO_FOR_MS,
    onGone: focusHeading,
    onAction: () => {
      const form = new FormData();
      form.set("intent", "restore");
      form.set("via", "fetch");
      for (const line of undo) {
        form.append("productId", line.productId);
        form.append("size", line.size);
        form.append("quantity", String(line.quantity));
      }
      void submit(form, {
        method: "post",
        action: "/cart",
        navigate: false,
        fetcherKey: "cart-undo",
      });
    },
  });
}
