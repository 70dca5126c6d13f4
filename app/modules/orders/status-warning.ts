/** Statuses that say the parcel left: for an order nobody paid, the owner confirms first. */
const SENT_STATUSES = new Set(["Shipped", "Completed"]);

/** The question asked before an unpaid order is marked as sent; null when none is needed. */
export function unpaidWarning(status: string, paid: boolean): string | null {
  if (paid || !SENT_STATUSES.has(status)) return null;
  return status === "Shipped"
    ? "This order has no confirmed payment. Mark it Shipped anyway?"
    : "This order has no confirmed payment. Mark it Completed anyway?";
}
