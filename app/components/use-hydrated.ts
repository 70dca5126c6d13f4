import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once its JavaScript runs: for
 * drawing the page's no-JavaScript form first, with no mismatch, and its scripted form after.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
