import { LRUCache } from "lru-cache";
import { cartChanges, onCartChanged } from "~/db/cart-changes.server";
import type { DatabaseHandle } from "~/db/client.server";
import { type Cart, loadCart } from "./cart.server";

/**
 * Carts as the storefront last read them, for the header and drawer of every page a shopper
 * opens: reading a cart took about 1.5 ms of the embedded database's one thread, more than the
 * rest of a kept page's answer (and on PostgreSQL a round trip). A cart is forgotten when it
 * changes: after this process's own transaction (`cartChanged`), and when PostgreSQL tells of
 * another process's change (`cart_changed`); every kept cart when the notifications may have
 * been missed. A remembered cart is used only at the catalogue version it was read at (prices,
 * names and stock live there).
 */
const remembered = new LRUCache<string, { db: object; version: number; cart: Cart }>({
  max: 5000,
});
onCartChanged((cartId) => {
  if (cartId) remembered.delete(cartId);
  else remembered.clear();
});

export async function rememberedCart(database: DatabaseHandle, cartId: string | null) {
  if (!cartId) return loadCart(database.db, cartId);
  const version = database.catalogue.version();
  const hit = remembered.get(cartId);
  if (hit && hit.db === database.db && hit.version === version) return hit.cart;
  // A read that a change overtook is not remembered.
  const before = cartChanges();
  const cart = await loadCart(database.db, cartId);
  if (cartChanges() === before && database.catalogue.version() === version) {
    remembered.set(cartId, { db: database.db, version, cart });
  }
  return cart;
}
