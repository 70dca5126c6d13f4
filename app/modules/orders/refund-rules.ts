import type { RefundLine } from "~/db/refund-states";
import { formatKsh } from "~/utils/money";

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
