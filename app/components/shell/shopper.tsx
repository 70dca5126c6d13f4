import { createContext, type ReactNode, useContext } from "react";
import type { CartSummary } from "../cart/cart-context";

/**
 * A storefront page is rendered once for every shopper and kept (server/page-cache.ts); what
 * belongs to one shopper (the cart button's count, a one-time message, the cart the drawer shows)
 * is filled into each answer by the server, in slots the shared render marks. With or without
 * JavaScript the shopper sees their own page; the browser's first render reads the same values
 * back from the page, so hydration matches what the server filled in.
 */
export type Flash = { kind: "success" | "error"; message: string };
export type Shopper = { cart: CartSummary; flash: Flash | null };

/** The shared render's marker (never in the browser): each slot renders `${marker}:${name}:`. */
export const ShopperMarker = createContext<string | null>(null);

/**
 * A part of the page that is the shopper's own: filled in per answer when the page is shared. A
 * div, not a span: a slot may hold a block (the flash message's paragraph).
 */
export function ShopperSlot({ name, children }: { name: string; children: ReactNode }) {
  const marker = useContext(ShopperMarker);
  return (
    <div className="contents" data-shopper={name}>
      {import.meta.env.SSR && marker ? `${marker}:${name}:` : children}
    </div>
  );
}

/** The shopper's data as the page carries it, safe inside a script element. */
export const shopperJson = (shopper: Shopper) =>
  JSON.stringify(shopper)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));

const SCRIPT_ID = "shopper";
/** What the page the browser received says of its shopper (read once, before hydration). */
let received: string | undefined;
const receivedText = () => {
  received ??= document.getElementById(SCRIPT_ID)?.textContent ?? "";
  return received;
};

/** The page's shopper, for the browser's first render when the loader did not send one. */
export function pageShopper(): Shopper | null {
  if (import.meta.env.SSR) return null;
  try {
    return JSON.parse(receivedText()) as Shopper;
  } catch {
    return null;
  }
}

/** The script that carries the shopper's data: its marker in a shared render. */
export function ShopperScript({
  shopper,
  marker,
}: {
  shopper: Shopper | null;
  marker: string | null;
}) {
  const text = !import.meta.env.SSR
    ? receivedText()
    : marker
      ? `${marker}:json:`
      : shopperJson(shopper ?? { cart: { count: 0, total: 0, items: [] }, flash: null });
  return (
    <script
      id={SCRIPT_ID}
      type="application/json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped (shopperJson)
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}

/** A message from a form posted without JavaScript ('Added to cart!'), above the page. */
export function FlashToast({ flash }: { flash: Flash }) {
  return (
    <p
      role={flash.kind === "error" ? "alert" : "status"}
      className={`fixed right-4 bottom-[var(--toast-bottom,1rem)] z-50 max-w-sm rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${flash.kind === "error" ? "bg-danger text-white" : "bg-ink text-paper"}`}
    >
      {flash.message}
    </p>
  );
}
