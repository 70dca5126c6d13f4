import { useSyncExternalStore } from "react";
import { msg } from "~/i18n/messages";

/*
 * A dropped connection loses nothing. The page's requests (its data, a form, the route list) that
 * find no network wait here instead of failing: the page stays as it was, with what was typed,
 * and the notice offers 'Try again'. They go again when the shopper taps it, when the browser
 * says it is back online, and every few seconds while it says so: Pay and Add to Cart then do
 * what was asked, once.
 */

declare global {
  interface Window {
    /** React Router's list of the routes this page knows, with each one's code. */
    __reactRouterManifest?: {
      routes: Record<string, { module: string; imports?: string[] } | undefined>;
    };
  }
}

let waiting: (() => void)[] = [];
let notify = () => {};
let timer = 0;

function retry() {
  const going = waiting;
  waiting = [];
  notify();
  for (const go of going) go();
}

let installed = false;

/** Wraps the browser's fetch, once. */
export function keepRequestsThroughDrops() {
  if (installed) return;
  installed = true;
  const send = window.fetch;
  window.fetch = async (input, init) => {
    for (;;) {
      try {
        return await send.call(window, input, init);
      } catch (error) {
        // A request replaced by another (a new sort, Back) is not waited for.
        if (!(error instanceof TypeError) || init?.signal?.aborted) throw error;
        await new Promise<void>((go) => {
          waiting.push(go);
          notify();
          // A network that comes back without the browser noticing (or says so too early) is
          // tried again every few seconds.
          if (!timer) {
            timer = window.setTimeout(() => {
              timer = 0;
              if (navigator.onLine) retry();
            }, 5000);
          }
        });
      }
    }
  };
  window.addEventListener("online", retry);
  // To post to a page the router needs that page's code. The cart's is fetched when the shopper
  // first reaches for a form that posts to it (Add to Cart), so a tap made offline still waits.
  const warm = (event: Event) => {
    const cart = window.__reactRouterManifest?.routes["routes/storefront/cart"];
    if (!cart || !(event.target as Element).closest?.('form[action$="/cart"]')) return;
    // The module and the shared files it imports, all at once: one round trip, not two.
    for (const file of [cart.module, ...(cart.imports ?? [])]) {
      import(/* @vite-ignore */ file).catch(() => {});
    }
    for (const type of INTENT) document.removeEventListener(type, warm, true);
  };
  for (const type of INTENT) document.addEventListener(type, warm, true);
}
const INTENT = ["pointerdown", "focusin", "change"];

const subscribe = (listener: () => void) => {
  notify = listener;
  return () => {
    notify = () => {};
  };
};

/** 'No connection' and 'Try again', over the page, while a request waits for the network. */
export function ConnectionNotice() {
  const count = useSyncExternalStore(
    subscribe,
    () => waiting.length,
    () => 0,
  );
  return count ? (
    <div
      role="alert"
      className="fixed inset-x-3 top-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-ink p-2 pl-4 text-sm text-white"
    >
      <p className="flex-1">{msg.noConnection}</p>
      <button type="button" onClick={retry} className="btn bg-white text-ink">
        {msg.tryAgain}
      </button>
    </div>
  ) : null;
}
