import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and while the part of the page that asks hydrates, true once its
 * JavaScript runs: for drawing the no-JavaScript form first, with no mismatch, and the scripted
 * form after; what mounts later renders scripted at once. React renders the switch right after
 * that part hydrates, at once: the parts that ask (each product card, the cart) are Suspense
 * boundaries of their own, so each switch is a short task, not the whole list's.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
