import { ORDER_STATUSES, type OrderItem, type OrderStatus } from "~/db/schema";
import { methodFee } from "~/modules/checkout/delivery";

/**
 * Orders from the hosted document database come in two shapes: the current one (customer and
 * delivery objects) and a legacy one (billing_address, phone_number, email_address, notes,
 * deliveryMethod, pickupLocation at the top level). One function reads both, with the spec's
 * defaults: fee 300 for rider, 150 for matatu, 0 otherwise; method pickup; payment method from the
 * notification's payment_method, else 'Unknown'; a missing status is Pending.
 */
export type NormalisedOrder = {
  status: OrderStatus;
  amount: number;
  currency: string;
  items: OrderItem[];
  customer: {
    name: string;
    phone: string;
    email: string;
    address: string;
    city: string;
    notes: string;
  };
  delivery: { method: string; fee: number; pickupLocation: string | null };
  paymentMethod: string;
  confirmationCode: string | null;
};

type Doc = Record<string, unknown>;
const obj = (v: unknown): Doc =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Doc) : {};
const str = (v: unknown): string =>
  typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "";
const num = (v: unknown): number => {
  const n = typeof v === "number" ? v : Number.parseFloat(str(v));
  return Number.isFinite(n) ? n : 0;
};

export function normaliseOrder(raw: unknown): NormalisedOrder {
  const doc = obj(raw);
  const billing = obj(doc.billing_address);
  const customerDoc = obj(doc.customer);
  const deliveryDoc = obj(doc.delivery);
  const ipn = obj(doc.ipnResponse);

  const legacyName = [str(billing.first_name), str(billing.last_name)].filter(Boolean).join(" ");
  const customer = {
    name: str(customerDoc.name) || legacyName,
    phone: str(customerDoc.phone) || str(doc.phone_number) || str(billing.phone_number),
    email: str(customerDoc.email) || str(doc.email_address) || str(billing.email_address),
    address: str(customerDoc.address) || str(billing.address_line_1),
    city: str(customerDoc.city) || str(billing.city),
    notes: str(customerDoc.notes) || str(doc.notes),
  };

  const method = str(deliveryDoc.method) || str(doc.deliveryMethod) || "pickup";
  const hasFee =
    deliveryDoc.fee !== undefined && deliveryDoc.fee !== null && str(deliveryDoc.fee) !== "";
  const delivery = {
    method,
    fee: hasFee ? num(deliveryDoc.fee) : methodFee(method),
    pickupLocation: str(deliveryDoc.pickupLocation) || str(doc.pickupLocation) || null,
  };

  const status = str(doc.status);
  const items = Array.isArray(doc.items)
    ? doc.items.map((item) => {
        const i = obj(item);
        const size = str(i.size);
        return {
          ...(str(i.id) ? { productId: str(i.id) } : {}),
          name: str(i.name),
          quantity: Math.max(1, Math.round(num(i.quantity)) || 1),
          price: num(i.price),
          ...(size ? { size } : {}),
        };
      })
    : [];

  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status)
      ? (status as OrderStatus)
      : "Pending",
    amount: num(doc.amount),
    currency: str(doc.currency) || "KES",
    items,
    customer,
    delivery,
    paymentMethod: str(doc.paymentMethod) || str(ipn.payment_method) || "Unknown",
    confirmationCode: str(ipn.confirmation_code) || null,
  };
}
