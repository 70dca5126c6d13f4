import type { OrderItem } from "~/db/schema";
import { nairobiStamp } from "~/utils/dates";

/** What one CSV line needs of an order: the admin list's own shape. */
export type CsvOrder = {
  id: string;
  createdAt: string;
  status: string;
  amount: number;
  currency: string;
  items: OrderItem[];
  customer: { name: string; phone: string; email: string; address: string; city: string };
  delivery: { methodId: string; fee: number; pickupLocation: string | null };
  paymentMethod: string;
  confirmationCode: string | null;
  paymentProvider: string;
  paymentReversed: boolean;
  discountCode: string | null;
  discount: number;
  /** Shillings given back (refunds, a reversal). */
  refunded: number;
};

export const CSV_COLUMNS = [
  "Order ID",
  "Date (Nairobi)",
  "Status",
  "Customer",
  "Phone",
  "Email",
  "Delivery method",
  "Pickup location",
  "Address",
  "City",
  "Items",
  "Subtotal",
  "Discount code",
  "Discount",
  "Delivery fee",
  "Amount",
  "Refunded",
  "Currency",
  "Payment method",
  "Confirmation code",
  "Payment provider",
  "Payment reversed",
] as const;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) gets a leading apostrophe: customers type these fields themselves.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvHeader(): string {
  return `${CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
}

export function csvLine(order: CsvOrder): string {
  const items = order.items
    .map((i) => `${i.quantity} x ${i.name}${i.size ? ` (${i.size})` : ""} @ ${i.price}`)
    .join("; ");
  return `${[
    order.id,
    nairobiStamp(order.createdAt),
    order.status,
    order.customer.name,
    order.customer.phone,
    order.customer.email,
    order.delivery.methodId,
    order.delivery.pickupLocation,
    order.customer.address,
    order.customer.city,
    items,
    order.amount - order.delivery.fee + order.discount,
    order.discountCode,
    order.discount,
    order.delivery.fee,
    order.amount,
    order.refunded,
    order.currency,
    order.paymentMethod,
    order.confirmationCode,
    order.paymentProvider,
    order.paymentReversed ? "Yes" : "No",
  ]
    .map(csvCell)
    .join(",")}\r\n`;
}
