/**
 * Cart changes heard in this process: its own, told after their transaction (cart.server.ts),
 * and on PostgreSQL every process's, from the `cart_changed` notification (migration 0029). What
 * remembers a cart (cart-memory.server.ts) forgets it, and a read that a change overtook is not
 * kept. `null` says any cart may have changed: notifications may have been missed.
 */
export const CART_CHANNEL = "cart_changed";

let count = 0;
const listeners = new Set<(cartId: string | null) => void>();

export function cartChanged(cartId: string | null) {
  count++;
  for (const listener of listeners) listener(cartId);
}

/** How many cart changes this process has heard of so far. */
export const cartChanges = () => count;

/** Hears every cart change of this process's database from now on (the cart memory, once). */
export function onCartChanged(listener: (cartId: string | null) => void) {
  listeners.add(listener);
}
