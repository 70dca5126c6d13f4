import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { msg } from "~/i18n/messages";
import { type Cart, cartCode, loadCart, readCartId, setCartCode } from "~/modules/cart/cart.server";
import { flashCookie } from "~/modules/cart/flash.server";
import type { CartLine, Offer } from "~/modules/discounts/code-rules";
import { type OfferAnswer, offerForLines, triedOffer } from "~/modules/discounts/codes.server";
import { formatKsh } from "~/terms/money";

/** The lines of a cart as a code reads them: those that can be bought. */
const linesOf = (cart: Cart) =>
  cart.items
    .filter((i) => i.available)
    .map((i) => ({ price: i.price, quantity: i.quantity, category: i.category }));

/**
 * The code kept with the cart, checked again now (a code expires, a cart changes): what it gives,
 * or the sentence saying why it no longer applies.
 */
export async function codeOfCart(
  db: Db,
  cart: Cart,
): Promise<{ code: string; offer: Offer | null; error: string | null } | null> {
  const code = await cartCode(db, cart.id);
  if (!code || cart.items.length === 0) return null;
  const answer = await offerForLines(db, code, linesOf(cart));
  return answer.ok
    ? { code, offer: answer.offer, error: null }
    : { code, offer: null, error: answer.error };
}

/** What the shopper hears when a code applies. */
export const codeApplied = (offer: Offer) =>
  offer.freeDelivery
    ? msg.codeAppliedFree(offer.code ?? "")
    : msg.codeAppliedOff(offer.code ?? "", formatKsh(offer.discount));

/**
 * The shopper's 'Apply': tried (triedOffer), and kept with the cart when it applies. Answers the
 * offer, or the sentence saying why not.
 */
export async function applyCode(
  db: Db,
  input: { cartId: string; typed: string; lines: readonly CartLine[]; clientAddress: string },
): Promise<OfferAnswer> {
  const answer = await triedOffer(db, input.typed, input.lines, input.clientAddress);
  if (!answer.ok) return answer;
  await setCartCode(db, input.cartId, answer.offer.code);
  return answer;
}

/**
 * The cart page's 'Apply' and 'Remove' for a discount code, with or without JavaScript: a code
 * that applies is kept with the cart and the page comes back saying so; one that does not is
 * answered with its sentence beside the field, and what was typed stays in it.
 */
export async function codeAction(db: Db, request: Request, form: FormData, clientAddress: string) {
  const cart = await loadCart(db, await readCartId(request));
  if (!cart.id) throw redirect("/cart");
  if (form.get("intent") === "remove-code") {
    await setCartCode(db, cart.id, null);
    throw redirect("/cart");
  }
  const typed = String(form.get("code") ?? "").slice(0, 60);
  if (!typed.trim()) {
    return data({ codeError: msg.enterACode, typedCode: typed }, { status: 400 });
  }
  const answer = await applyCode(db, {
    cartId: cart.id,
    typed,
    lines: linesOf(cart),
    clientAddress,
  });
  if (!answer.ok) {
    return data(
      { codeError: answer.error, typedCode: typed },
      { status: answer.tooMany ? 429 : 400 },
    );
  }
  throw redirect("/cart", {
    headers: {
      "Set-Cookie": await flashCookie.serialize({
        kind: "success",
        message: codeApplied(answer.offer),
      }),
    },
  });
}
