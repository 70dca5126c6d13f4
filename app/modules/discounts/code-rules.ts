/**
 * Discount codes' rules (decision 46), pure: the cart, checkout and the admin's form ask them.
 * A code takes a percentage or a fixed amount in shillings off the goods (the lines in its
 * categories, or all of them), or makes delivery free; never more than the goods cost, so a total
 * is never negative, and always whole shillings.
 */

import { msg } from "~/i18n/messages";
import { CODE_KINDS, type CodeKind } from "~/terms/discount-kinds";
import { formatKsh } from "~/terms/money";

export { CODE_KINDS, type CodeKind };

export type DiscountCode = {
  code: string;
  kind: CodeKind;
  /** Percent (1 to 100) or shillings; 0 for free delivery. */
  value: number;
  /** The goods' subtotal it needs (0: none). */
  minOrder: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** The categories it applies to; empty: everything. */
  categories: string[];
  active: boolean;
};

/** What a code gives a cart: shillings off the goods, and free delivery. */
export type Offer = { code: string | null; discount: number; freeDelivery: boolean };
export const NO_OFFER: Offer = { code: null, discount: 0, freeDelivery: false };

type CodeMessage =
  | "unknown"
  | "notYet"
  | "expired"
  | "nothingEligible"
  | "usedUp"
  | "usedByYou"
  | "tooManyTries";

/** Why a code does not apply, each read when said: in the language of the page asking. */
export const CODE_MESSAGES = new Proxy({} as Record<CodeMessage, string>, {
  get: (_, reason) => msg.codeMessages[String(reason)],
});

export const needsMinOrder = (min: number) => msg.codeNeedsMinOrder(formatKsh(min));

/** Codes are typed by hand from a post: case, spaces and dashes do not matter. */
export const normaliseCode = (typed: string) =>
  typed
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .slice(0, 40);

export type CartLine = { price: number; quantity: number; category: string };

/**
 * What a code gives these lines at `now`, or the sentence saying why it does not apply. Limits on
 * uses are the database's to count (codes.server.ts).
 */
export function offerFor(
  code: DiscountCode | null,
  lines: readonly CartLine[],
  now: Date,
): { ok: true; offer: Offer } | { ok: false; error: string } {
  if (!code?.active) return { ok: false, error: CODE_MESSAGES.unknown };
  if (code.startsAt && code.startsAt > now) return { ok: false, error: CODE_MESSAGES.notYet };
  if (code.endsAt && code.endsAt <= now) return { ok: false, error: CODE_MESSAGES.expired };
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (subtotal < code.minOrder) return { ok: false, error: needsMinOrder(code.minOrder) };
  const eligible = lines
    .filter((l) => code.categories.length === 0 || code.categories.includes(l.category))
    .reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (code.kind === "free_delivery") {
    return { ok: true, offer: { code: code.code, discount: 0, freeDelivery: true } };
  }
  if (eligible === 0) return { ok: false, error: CODE_MESSAGES.nothingEligible };
  const off =
    code.kind === "percent" ? Math.round((eligible * Math.min(code.value, 100)) / 100) : code.value;
  return {
    ok: true,
    offer: { code: code.code, discount: Math.min(off, eligible), freeDelivery: false },
  };
}
