/**
 * Refunds' vocabulary (see the refunds table). Pure, so rules and the browser can import it too.
 * provider: asked of the payment's provider through its API; hand: made outside the shop (an
 * M-Pesa or bank transfer) and recorded; reversal: the provider took the payment back itself.
 */
export const REFUND_METHODS = ["provider", "hand", "reversal"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** pending: asked of the provider, no answer yet; done: money given back; failed: refused. */
export const REFUND_STATES = ["pending", "done", "failed"] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** A line of the order given back: by its position in the order's items. */
export type RefundLine = {
  /** The line's index in `orders.items`. */
  line: number;
  quantity: number;
  /** Its units went back on the shelf (the stock ledger's 'returned' rows name this refund). */
  restock: boolean;
};
