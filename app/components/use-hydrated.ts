import { startTransition, useEffect, useState } from "react";

/** Whether the page's first hydration has committed: what mounts after it renders scripted at once. */
let pageHydrated = false;

/**
 * False in the server's HTML and while the page hydrates, true once its JavaScript runs: for
 * drawing the page's no-JavaScript form first, with no mismatch, and its scripted form after.
 * The switch after hydration is a transition, so React renders it in small slices instead of one
 * long task that would hold up a tap (a store's update, as `useSyncExternalStore` makes it, is
 * rendered at once).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
