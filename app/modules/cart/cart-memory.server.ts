import { LRUCache } from "lru-cache";
import type { DatabaseHandle } from "~/db/client.server";
import { type Cart, loadCart } from "./cart.server";
import { cartChanges, onCartChanged } from "./cart-changes.server";

/**
 * Carts as the storefront last read them, for the header and drawer of every page a shopper
 * opens: reading a cart took about 1.5 ms of the embedded database's one thread, more than the
 * rest of a kept page's answer. Only with PGlite, whose data only this process changes: a cart is
 * forgotten when it changes (`cartChanged`, after its transaction), and a remembered cart is used
 * only at the catalogue version it was read at (prices, names and stock live there). With
 * PostgreSQL several processes may change one cart, so each page reads it.
 */
const remembered = new LRUCache<string, { db: object; version: number; cart: Cart }>({
  max: 5000,
});
onCartChanged((cartId) => {
  if (cartId) remembered.delete(cartId);
});

export async function rememberedCart(database: DatabaseHandle, cartId: string | null) {
  if (database.kind !== "pglite" || !cartId) return loadCart(database.db, cartId);
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
