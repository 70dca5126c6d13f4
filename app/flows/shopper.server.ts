import { EMPTY_CART, readCartId } from "~/modules/cart/cart.server";
import { rememberedCart } from "~/modules/cart/cart-memory.server";
import { flashCookie, readFlash } from "~/modules/cart/flash.server";
import { freeDeliveryApplies, shortOfFreeDelivery } from "~/modules/checkout/delivery";
import type { Services } from "~/services.server";
import { logger } from "~/utils/logger.server";

/**
 * What a storefront page shows of one shopper: their cart (for the header's count and the
 * drawer) and a one-time message, from their cookies. The storefront's layout loader answers it
 * for a page rendered for one shopper; the page cache fills it into a page shared by all.
 * Reading the message spends it: `setCookie` clears it.
 */
export async function loadShopper(
  { database, settings }: Pick<Services, "database" | "settings">,
  request: Request,
) {
  let cart = EMPTY_CART;
  try {
    cart = await rememberedCart(database, await readCartId(request));
  } catch (error) {
    // The page itself says whether the database is down; the header just shows no cart.
    logger.error({ err: error }, "could not load the cart");
  }
  const flash = await readFlash(request);
  const over = settings.FREE_DELIVERY_OVER;
  const delivery = {
    free: freeDeliveryApplies(cart.total, over),
    shortBy: shortOfFreeDelivery(cart.total, over),
  };
  return {
    shopper: { cart: { count: cart.count, total: cart.total, items: cart.items, delivery }, flash },
    setCookie: flash ? await flashCookie.serialize("", { maxAge: 0 }) : null,
  };
}
