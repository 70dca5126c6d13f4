import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import {
  addToCart,
  CartError,
  cartCookie,
  clearCart,
  readCartId,
  removeFromCart,
  updateQuantity,
} from "~/modules/cart/cart.server";
import { flashCookie } from "~/modules/cart/flash.server";
import { safeReturnPath } from "~/utils/return-path";

export const ADDED = "Added to cart!";

/**
 * The cart's changes (add, update, remove, clear). With JavaScript (`via=fetch`) they answer data
 * for a toast; without it they redirect back with a one-time message.
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
  try {
    if (intent === "add") {
      const id = await addToCart(db, cartId, line);
      if (id !== cartId) headers.append("Set-Cookie", await cartCookie.serialize(id));
      cartId = id;
    } else if (cartId && intent === "update") {
      await updateQuantity(db, cartId, line);
    } else if (cartId && intent === "remove") {
      await removeFromCart(db, cartId, line);
    } else if (cartId && intent === "clear") {
      await clearCart(db, cartId);
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
  const message = intent === "add" ? ADDED : null;
  if (viaFetch) return data({ ok: true as const, message }, { headers });
  if (message)
    headers.append("Set-Cookie", await flashCookie.serialize({ kind: "success", message }));
  throw redirect(back, { headers });
}
