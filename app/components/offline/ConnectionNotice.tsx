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

/** Shows the notice until 'Try again', the browser's word that it is back online, or a few seconds. */
function networkMaybeBack() {
  return new Promise<void>((go) => {
    waiting.push(go);
    notify();
    // A network that comes back without the browser noticing (or says so too early) is tried
    // again every few seconds.
    if (!timer) {
      timer = window.setTimeout(() => {
        timer = 0;
        if (navigator.onLine) retry();
      }, 5000);
    }
  });
}

/**
 * A script loaded on demand (the toasts, the cart drawer, a route's code): after a drop it is
 * fetched again once the network may be back (a failed import is fetched again when asked
 * again), instead of failing, which would put the page's error in place of the page.
 */
export async function loadThroughDrops<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      // A file that came but failed to run is no dropped connection.
      if (!(error instanceof TypeError)) throw error;
      await networkMaybeBack();
    }
  }
}

const arrived = new Set<string>();

/**
 * The code of the route `id` (its module and the shared files it imports), fetched before a form
 * posts to that route in the background: React Router fetches a route's code before it posts,
 * and when that fails it reloads the page, which offline is the offline page, losing the size
 * chosen and the tap. Fetched here, it waits through a drop, and the router then finds it loaded.
 * Null once it came, so a form posts at once; and while the router has not learnt the route (it
 * asks for it through fetch, which waits too).
 */
export function routeCodeThroughDrops(id: string): Promise<void> | null {
  const route = window.__reactRouterManifest?.routes[id];
  if (!route || arrived.has(id)) return null;
  const files = [route.module, ...(route.imports ?? [])];
  return loadThroughDrops(() =>
    Promise.all(files.map((file) => import(/* @vite-ignore */ file))),
  ).then(
    () => void arrived.add(id),
    // Not a dropped connection: the router's own load reports it.
    () => {},
  );
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
        await networkMaybeBack();
      }
    }
  };
  window.addEventListener("online", retry);
  // To post to a page the router needs that page's code. The cart's is fetched early, when the
  // shopper first reaches for a form that posts to it (Add to Cart), so the tap need not wait for
  // it; a tap made before it came waits for it (routeCodeThroughDrops).
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
