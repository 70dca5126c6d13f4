import type { MessageAudience, MessageChannel, OrderMessageKinds } from "~/db/message-states";
import { discountLabel } from "~/modules/discounts/code-rules";
import { gsmLength, smsNote, toGsm } from "~/utils/gsm";
import { formatKsh } from "~/utils/money";

/** What a message about an order may say, already in the shop's words. */
export type OrderFacts = {
  shopName: string;
  reference: string;
  total: number;
  itemsCount: number;
  /** 'Pickup', 'Matatu parcel', 'Rider (boda boda)'. */
  delivery: string;
  /** The pickup point, or the delivery address. */
  deliveryTo: string;
  customerName: string;
  trackingUrl: string;
  adminUrl: string;
  /** The owner's note with the latest fulfilment step ('' when none). */
  note: string;
  items: { name: string; size?: string; quantity: number; price: number; wasPrice?: number }[];
  deliveryFee: number;
  /** The discount code the order used, and its shillings off. */
  discount?: { code: string; amount: number };
  /** The money given back, for a refund's messages. */
  refund?: { amount: number; whole: boolean };
};

/** Where an order goes, as its messages say it: the pickup point, or the address and city. */
export function deliveryTo(order: {
  deliveryMethod: string;
  pickupLocation: string | null;
  address: string;
  city: string;
}): string {
  return order.deliveryMethod === "pickup"
    ? (order.pickupLocation ?? "our shop")
    : [order.address, order.city].filter(Boolean).join(", ");
}

export type MessageText = {
  audience: MessageAudience;
  channel: MessageChannel;
  subject: string;
  body: string;
};

/**
 * A text with the owner's note in it, whole: a note that does not fit one part sends the SMS in
 * two or three (the owner wrote it for the shopper to read; a cut note once said '... Pick.').
 */
function withNote(note: string, text: (note: string) => string): string {
  const plain = smsNote(note);
  return toGsm(text(plain ? ` ${plain}.` : ""));
}

/**
 * The SMS for each kind: one 160-character GSM-7 part, unless the owner's note needs more (a unit
 * test holds them to it).
 */
export function smsText(kind: OrderMessageKinds, f: OrderFacts): string {
  switch (kind) {
    case "payment_confirmed":
      return toGsm(
        `${f.shopName}: we got your payment of ${formatKsh(f.total)} for order ${f.reference}. Track it: ${f.trackingUrl}`,
      );
    case "order_sent":
      return withNote(
        f.note,
        (note) =>
          `${f.shopName}: order ${f.reference} is on its way.${note} Track it: ${f.trackingUrl}`,
      );
    case "ready_for_pickup":
      return withNote(
        f.note,
        (note) =>
          `${f.shopName}: order ${f.reference} is ready at ${f.deliveryTo}.${note} Track: ${f.trackingUrl}`,
      );
    case "payment_failed":
      return toGsm(
        `${f.shopName}: the payment for order ${f.reference} was not completed. Nothing was charged. See: ${f.trackingUrl}`,
      );
    case "refunded":
      return toGsm(
        `${f.shopName}: we refunded ${formatKsh(f.refund?.amount ?? 0)} for order ${f.reference}. It may take a few days. See: ${f.trackingUrl}`,
      );
    case "new_paid_order":
      return toGsm(
        f.itemsCount === 1
          ? `New paid order ${f.reference}: ${formatKsh(f.total)}, 1 item, ${f.delivery}. ${f.adminUrl}`
          : `New paid order ${f.reference}: ${formatKsh(f.total)}, ${f.itemsCount} items, ${f.delivery}. ${f.adminUrl}`,
      );
  }
}

/** The SMS to a shopper who asked to hear when a sold-out product (or size of it) is back. */
export function backInStockSms(f: {
  shopName: string;
  productName: string;
  size: string;
  productUrl: string;
}): string {
  return toGsm(
    f.size
      ? `${f.shopName}: ${f.productName} in size ${f.size} is back in stock. See it: ${f.productUrl}`
      : `${f.shopName}: ${f.productName} is back in stock. See it: ${f.productUrl}`,
  );
}

/**
 * How many characters of the owner's note the SMS for a fulfilment step carries in its first part
 * (the rest goes in a second): the SMS without a note, measured with the shop's own name and
 * address. The order details show it as the owner types.
 */
export function noteRoomInOneSms(
  kind: "order_sent" | "ready_for_pickup",
  facts: Pick<OrderFacts, "shopName" | "reference" | "deliveryTo" | "trackingUrl">,
) {
  const unused = { total: 0, itemsCount: 0, delivery: "", customerName: "", adminUrl: "" };
  const sms = smsText(kind, { ...unused, ...facts, note: "", items: [], deliveryFee: 0 });
  const without = gsmLength(sms) ?? 160;
  // The note goes in as ' {note}.'.
  return Math.max(0, 160 - without - 2);
}

/** What an email says, in parts: the plain-text part and the HTML part both come from it. */
export type EmailContent = {
  subject: string;
  /** The line a mail client shows beside the subject in the inbox. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** The owner's note with a fulfilment step, shown apart ('' when none). */
  note: string;
  /** The receipt's title when the items, the delivery fee and the total follow ('' when not). */
  receipt: string;
  /** Where the parcel goes, when the email is about the order as a whole. */
  delivery: { method: string; to: string } | null;
  action: { href: string; label: string };
};

/** The email for each kind; emailText and the HTML renderer lay it out. */
export function emailContent(kind: OrderMessageKinds, f: OrderFacts): EmailContent {
  const hello = `Hello ${f.customerName},`;
  const follow = { href: f.trackingUrl, label: "Follow your order" };
  const delivery = { method: f.delivery, to: f.deliveryTo };
  switch (kind) {
    case "payment_confirmed":
      return {
        subject: `Order ${f.reference}: payment received`,
        preview: `We received your payment of ${formatKsh(f.total)} for order ${f.reference}.`,
        heading: "Thank you for your order",
        paragraphs: [
          hello,
          `Thank you! We received your payment of ${formatKsh(f.total)} for order ${f.reference}. We are packing it now.`,
        ],
        note: "",
        receipt: `Your order ${f.reference}`,
        delivery,
        action: follow,
      };
    case "order_sent":
      return {
        subject: `Order ${f.reference} is on its way`,
        preview: `Your order ${f.reference} is on its way to ${f.deliveryTo}.`,
        heading: "Your order is on its way",
        paragraphs: [hello, `Your order ${f.reference} is on its way to ${f.deliveryTo}.`],
        note: f.note,
        receipt: "",
        delivery: null,
        action: follow,
      };
    case "ready_for_pickup":
      return {
        subject: `Order ${f.reference} is ready for pickup`,
        preview: `Your order ${f.reference} is ready for pickup at ${f.deliveryTo}.`,
        heading: "Your order is ready for pickup",
        paragraphs: [hello, `Your order ${f.reference} is ready for pickup at ${f.deliveryTo}.`],
        note: f.note,
        receipt: "",
        delivery: null,
        action: follow,
      };
    case "payment_failed":
      return {
        subject: `Order ${f.reference}: the payment did not go through`,
        preview: `The payment for order ${f.reference} did not go through. Nothing was charged.`,
        heading: "Your payment did not go through",
        paragraphs: [
          hello,
          `The payment for order ${f.reference} did not go through, and nothing was charged. You can place the order again from our shop whenever you are ready.`,
        ],
        note: "",
        receipt: "",
        delivery: null,
        action: { href: f.trackingUrl, label: "See your order" },
      };
    case "refunded": {
      const amount = formatKsh(f.refund?.amount ?? 0);
      return {
        subject: `Order ${f.reference}: ${amount} refunded`,
        preview: `We refunded ${amount} for order ${f.reference}.`,
        heading: f.refund?.whole ? "Your order was refunded" : "Part of your order was refunded",
        paragraphs: [
          hello,
          f.refund?.whole
            ? `We refunded ${amount} for order ${f.reference}, the whole of your payment. It goes back the way you paid and can take a few days to reach you.`
            : `We refunded ${amount} for order ${f.reference}. It goes back the way you paid and can take a few days to reach you.`,
        ],
        note: "",
        receipt: "",
        delivery: null,
        action: { href: f.trackingUrl, label: "See your order" },
      };
    }
    case "new_paid_order":
      return {
        subject: `New paid order ${f.reference}: ${formatKsh(f.total)}`,
        preview:
          f.itemsCount === 1
            ? `${f.customerName} paid ${formatKsh(f.total)} for 1 item, by ${f.delivery}.`
            : `${f.customerName} paid ${formatKsh(f.total)} for ${f.itemsCount} items, by ${f.delivery}.`,
        heading: `New paid order ${f.reference}`,
        paragraphs: [
          f.itemsCount === 1
            ? `${f.customerName} paid ${formatKsh(f.total)} for 1 item. The order is on your packing list.`
            : `${f.customerName} paid ${formatKsh(f.total)} for ${f.itemsCount} items. The order is on your packing list.`,
        ],
        note: "",
        receipt: `Order ${f.reference}`,
        delivery,
        action: { href: f.adminUrl, label: "Open the order" },
      };
  }
}

/** A receipt line's words: '2 x Zuri Kitenge Wrap Dress (size XL)'. */
export const receiptItem = (i: OrderFacts["items"][number]) =>
  i.size ? `${i.quantity} x ${i.name} (size ${i.size})` : `${i.quantity} x ${i.name}`;

/** The delivery fee as a receipt shows it: 'Free' when nothing is charged. */
export const deliveryFeeText = (fee: number) => (fee === 0 ? "Free" : formatKsh(fee));

/** The email's subject and plain-text part, from the same content as its HTML part. */
export function emailText(
  kind: OrderMessageKinds,
  f: OrderFacts,
): { subject: string; body: string } {
  const c = emailContent(kind, f);
  const receipt = [
    ...f.items.map((i) => `${receiptItem(i)}: ${formatKsh(i.price * i.quantity)}`),
    ...(f.discount ? [`${discountLabel(f.discount.code)}: -${formatKsh(f.discount.amount)}`] : []),
    `Delivery (${f.delivery}): ${deliveryFeeText(f.deliveryFee)}`,
    `Total: ${formatKsh(f.total)}`,
  ].join("\n");
  const parts = [
    ...c.paragraphs,
    ...(c.note ? [`Note from ${f.shopName}: ${c.note}`] : []),
    ...(c.receipt ? [receipt] : []),
    ...(c.delivery ? [`Delivery: ${c.delivery.method}, ${c.delivery.to}`] : []),
    `${c.action.label}: ${c.action.href}`,
    ...(kind === "new_paid_order" ? [] : [f.shopName]),
  ];
  return { subject: c.subject, body: parts.join("\n\n") };
}
