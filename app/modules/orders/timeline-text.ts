import { paymentMethodLabel, providerLabel } from "~/modules/payments/provider-labels";
import { FULFILMENT_LABELS, isFulfilmentState } from "~/terms/fulfilment-states";
import { formatKsh } from "~/terms/money";

const ksh = (v: unknown) => formatKsh(typeof v === "number" ? v : 0);

/** One line of an order's timeline, in the owner's words. */
export function describeEvent(kind: string, details: Record<string, unknown>): string {
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  // The method as the owner says it: 'MpesaKE' reads 'M-Pesa'.
  const method = str(details.paymentMethod) && paymentMethodLabel(str(details.paymentMethod)!);
  const code = str(details.confirmationCode);
  const paid = [method && `by ${method}`, code && `(code ${code})`].filter(Boolean).join(" ");
  switch (kind) {
    case "created":
      return str(details.importedFrom)
        ? `Order placed (imported from document ${details.importedFrom})`
        : "Order placed";
    case "payment_requested":
      return `Sent to ${providerLabel(details.provider)} for payment`;
    case "checkout_resumed":
      return typeof details.attempt === "number" && details.attempt > 1
        ? `Payment asked for again (attempt ${details.attempt}${details.provider ? `, ${providerLabel(details.provider)}` : ""})`
        : "The same checkout was submitted again: payment requested anew";
    case "payment_duplicate":
      return `Paid twice: a second payment ${paid} came for an earlier attempt. Refund it`
        .replace(/\s+/g, " ")
        .trim();
    case "payment_request_failed":
      return `${providerLabel(details.provider)} could not take the payment request${str(details.reason) ? `: ${details.reason}` : ""}`;
    case "payment_completed":
      return `Payment completed ${paid}`.trim();
    case "payment_recorded":
      return `Payment notification recorded ${paid}`.trim();
    case "payment_failed":
      return "Payment failed";
    case "payment_reversed":
      return "Payment reversed";
    case "payment_mismatch":
      return "Payment notification did not match the order (amount, currency or reference)";
    case "payment_never_requested":
      return "Marked Failed: the payment page was never opened";
    case "stock_released":
      return `Held pieces put back on sale (${str(details.reason) ?? "released"})`;
    case "stock_taken_again":
      return "Paid after its hold ended: its pieces were taken again";
    case "stock_oversold":
      return "Oversold: paid after its hold ended, and some pieces were gone";
    case "short_refund_tried":
      return "The pieces that were gone are refunded through the payment's provider where it can";
    case "paid_by_code":
      return `Paid in full by the discount code ${str(details.code) ?? ""}: nothing to pay`.trim();
    case "fulfilment_changed": {
      const to = isFulfilmentState(details.to) ? FULFILMENT_LABELS[details.to] : "?";
      const note = str(details.note);
      if (details.undone) return `Fulfilment: step undone, back to ${to}`;
      return note ? `Fulfilment: ${to}. Note: ${note}` : `Fulfilment: ${to}`;
    }
    case "refund_recorded":
      return `Refund of ${ksh(details.amount)} made by hand (reference ${str(details.reference) ?? "?"}): ${str(details.reason) ?? ""}`;
    case "refund_requested":
      return `Refund of ${ksh(details.amount)} asked of ${providerLabel(details.provider)}: ${str(details.reason) ?? ""}`;
    case "refund_completed":
      return `${providerLabel(details.provider)} accepted the refund of ${ksh(details.amount)}`;
    case "refund_failed":
      return `${providerLabel(details.provider)} refused the refund of ${ksh(details.amount)}: ${str(details.answer) ?? ""}`;
    case "status_changed":
      return `Status changed from ${str(details.from) ?? "?"} to ${str(details.to) ?? "?"}`;
    default:
      return kind.replace(/_/g, " ");
  }
}
