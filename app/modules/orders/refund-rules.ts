import { formatKsh } from "~/terms/money";
import type { RefundLine } from "~/terms/refund-states";
import type { ShortLine } from "~/terms/stock-states";

/**
 * What a refund may give back (decision 46): never more than what is left of the payment, never
 * more pieces of a line than were bought and not given back already. Pure: the admin's form
 * and the server ask the same questions.
 */

type Item = { name: string; size?: string; quantity: number; price: number };

/** Each line of an order: what was bought, and how many pieces are left to give back. */
export function linesLeft(items: readonly Item[], earlier: readonly { lines: RefundLine[] }[]) {
  const given = new Map<number, number>();
  for (const refund of earlier) {
    for (const l of refund.lines) given.set(l.line, (given.get(l.line) ?? 0) + l.quantity);
  }
  return items.map((item, line) => ({
    line,
    name: item.size ? `${item.name} (${item.size})` : item.name,
    price: item.price,
    bought: item.quantity,
    left: Math.max(0, item.quantity - (given.get(line) ?? 0)),
  }));
}

export type LineLeft = ReturnType<typeof linesLeft>[number];

export type RefundAsk = {
  /** Whole shillings; null: the chosen lines' worth. */
  amount: number | null;
  lines: RefundLine[];
};

export const REFUND_MESSAGES = {
  nothing: "Please choose the pieces to refund or enter an amount.",
  notPaid: "Only a paid order can be refunded.",
} as const;

export const refundTooMuch = (left: number) =>
  left === 0
    ? "This order has been refunded in full already."
    : `A refund can be at most ${formatKsh(left)}, what is left of the payment.`;

export const lineTooMany = (line: LineLeft) =>
  line.left === 0
    ? `${line.name} has been refunded already.`
    : `You can give back at most ${line.left} of ${line.name}.`;

/**
 * The refund an ask makes: its amount (the lines' worth unless an amount is given) and lines; or
 * the sentence saying why not.
 */
export function planRefund(
  order: { amount: number; refunded: number },
  lines: readonly LineLeft[],
  ask: RefundAsk,
): { ok: true; amount: number; lines: RefundLine[] } | { ok: false; error: string } {
  const chosen = ask.lines.filter((l) => l.quantity > 0);
  for (const l of chosen) {
    const line = lines[l.line];
    if (!line) return { ok: false, error: REFUND_MESSAGES.nothing };
    if (!Number.isInteger(l.quantity) || l.quantity > line.left) {
      return { ok: false, error: lineTooMany(line) };
    }
  }
  const worth = chosen.reduce((sum, l) => sum + lines[l.line]!.price * l.quantity, 0);
  const amount = ask.amount ?? worth;
  if (amount <= 0) return { ok: false, error: REFUND_MESSAGES.nothing };
  const left = order.amount - order.refunded;
  if (amount > left) return { ok: false, error: refundTooMuch(left) };
  return { ok: true, amount, lines: chosen };
}

/** 'Refunded' once all of the payment went back, 'Partly refunded' before; null for none. */
export function refundLabel(order: { amount: number; refunded: number }) {
  if (order.refunded <= 0) return null;
  return order.refunded >= order.amount ? "Refunded" : "Partly refunded";
}

/**
 * What is left to send of each line once refunds gave pieces back (not failed ones: a refund
 * still waiting for the provider's answer takes its pieces off the parcel too, as it already takes
 * its amount off what is left). The packing slip, the order's page and the shopper's page read
 * this: `send` pieces go in the parcel, `refunded` ones are struck through.
 */
export function packingLines<T extends { quantity: number }>(
  items: readonly T[],
  given: readonly { lines: RefundLine[] }[],
) {
  const refunded = new Map<number, number>();
  for (const refund of given) {
    for (const l of refund.lines) refunded.set(l.line, (refunded.get(l.line) ?? 0) + l.quantity);
  }
  return items.map((item, line) => {
    const back = Math.min(item.quantity, refunded.get(line) ?? 0);
    return { ...item, line, refunded: back, send: item.quantity - back };
  });
}

/**
 * What staff read before packing (null: pack as usual): refunded in full, nothing goes out;
 * pieces given back, the struck-through ones stay; only money given back, the parcel is whole.
 */
export function packingWarning(
  order: { amount: number; refunded: number },
  lines: readonly { refunded: number; send: number }[],
) {
  if (order.refunded <= 0) return null;
  if (order.refunded >= order.amount || lines.every((l) => l.send === 0)) {
    return "Refunded in full: do not send this order.";
  }
  if (lines.some((l) => l.refunded > 0)) {
    return "Partly refunded: do not pack the struck-through pieces.";
  }
  return "Partly refunded (money only): pack every piece.";
}

/**
 * The refund lines for the pieces an oversold order lacks: each short product and size taken
 * from the order's lines of it, first to last, none going back on the shelf (it never had them).
 */
export function shortRefundLines(
  items: readonly { productId?: string | null; size?: string | null; quantity: number }[],
  short: readonly Pick<ShortLine, "productId" | "size" | "short">[],
): RefundLine[] {
  return short.flatMap((s) => {
    let left = s.short;
    return items.flatMap((item, line) => {
      if (left <= 0 || item.productId !== s.productId || (item.size ?? "") !== s.size) return [];
      const quantity = Math.min(left, item.quantity);
      left -= quantity;
      return [{ line, quantity, restock: false }];
    });
  });
}
