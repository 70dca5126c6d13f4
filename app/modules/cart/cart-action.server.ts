import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { msg } from "~/i18n/messages";
import {
  addToCart,
  CartError,
  cartCookie,
  clearCart,
  linesFromForm,
  readCartId,
  removeFromCart,
  restoreItems,
  updateQuantity,
} from "~/modules/cart/cart.server";
import { flashCookie } from "~/modules/cart/flash.server";
import { safeReturnPath } from "~/utils/return-path";

/**
 * The cart's changes (add, update, remove, clear, and restore: 'Undo' after clearing). With
 * JavaScript (`via=fetch`) they answer data for a toast; without it they redirect back with a
 * one-time message. Asked for more than the shelf holds, they keep what is there and say so
 * instead of 'Added to cart!'.
 */
export async function cartAction(db: Db, request: Request, form: FormData, intent: string) {
  const viaFetch = form.get("via") === "fetch";
  const back = safeReturnPath(form.get("returnTo"), "/cart");
  let cartId = await readCartId(request);
  const line = {
    productId: String(form.get("productId") ?? ""),
    size: String(form.get("size") ?? ""),
    quantity: Number(form.get("quantity") ?? 1),
  };
  const headers = new Headers();
  // Said when the shelf held less than asked for ('Only 2 left in size M'); what it had was added.
  let notice: string | null = null;
  try {
    if (intent === "add") {
      const added = await addToCart(db, cartId, line);
      if (added.id !== cartId) headers.append("Set-Cookie", await cartCookie.serialize(added.id));
      cartId = added.id;
      notice = added.notice;
    } else if (cartId && intent === "update") {
      notice = (await updateQuantity(db, cartId, line)).notice;
    } else if (cartId && intent === "remove") {
      await removeFromCart(db, cartId, line);
    } else if (cartId && intent === "clear") {
      await clearCart(db, cartId);
    } else if (intent === "restore") {
      const id = await restoreItems(db, cartId, linesFromForm(form));
      if (id !== cartId) headers.append("Set-Cookie", await cartCookie.serialize(id));
    }
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    if (viaFetch) return data({ ok: false as const, error: error.message }, { status: 400 });
    headers.append(
      "Set-Cookie",
      await flashCookie.serialize({ kind: "error", message: error.message }),
    );
    // A product that needs a size goes back to its page, where the sizes are.
    const to =
      intent === "add" && line.productId ? `/product/${encodeURIComponent(line.productId)}` : back;
    throw redirect(to, { headers });
  }
  const message = notice ?? (intent === "add" ? msg.addedToCart : null);
  // A notice is a warning, shown like an error: the cart holds less than the shopper asked for.
  if (viaFetch) return data({ ok: true as const, message, warning: notice !== null }, { headers });
  if (message) {
    const kind = notice ? "error" : "success";
    headers.append("Set-Cookie", await flashCookie.serialize({ kind, message }));
  }
  throw redirect(back, { headers });
}
