/**
 * Cart changes in this process, told after their transaction (cart.server.ts): what remembers a
 * cart (cart-memory.server.ts) forgets it, and a read that a change overtook is not kept.
 */
let count = 0;
const listeners = new Set<(cartId: string | null) => void>();

export function cartChanged(cartId: string | null) {
  count++;
  for (const listener of listeners) listener(cartId);
}

/** How many cart changes this process has made so far. */
export const cartChanges = () => count;

export function onCartChanged(listener: (cartId: string | null) => void) {
  listeners.add(listener);
}
