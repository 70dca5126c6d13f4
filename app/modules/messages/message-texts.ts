import { DICTIONARIES } from "~/i18n/messages";
import { discountLabel } from "~/terms/discount-kinds";
import type { MessageAudience, MessageChannel, OrderMessageKinds } from "~/terms/message-states";
import { formatKsh } from "~/terms/money";
import { gsmLength, smsNote, toGsm } from "~/utils/gsm";
import type { Language } from "~/utils/language";

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
  /** The language the order was placed in: the shopper's messages speak it (English if unset). */
  language?: Language;
};

/** A delivery method's name in a language ('Pickup', 'Kuchukua mwenyewe'), as the shop says it. */
export const deliveryMethodName = (method: string, language: Language = "en") =>
  DICTIONARIES[language].deliveryMethods[method] ?? method;

/** Where an order goes, as its messages say it: the pickup point, or the address and city. */
export function deliveryTo(
  order: {
    deliveryMethod: string;
    pickupLocation: string | null;
    address: string;
    city: string;
  },
  language: Language = "en",
): string {
  return order.deliveryMethod === "pickup"
    ? (order.pickupLocation ?? (language === "sw" ? "duka letu" : "our shop"))
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

/** The shopper's SMS for each kind, whole sentences in each language; `note` is ' {note}.' or ''. */
const SHOPPER_SMS: Record<Language, Record<ShopperKind, SmsWords>> = {
  en: {
    payment_confirmed: (f) =>
      `${f.shopName}: we got your payment of ${formatKsh(f.total)} for order ${f.reference}. Track it: ${f.trackingUrl}`,
    order_sent: (f, note) =>
      `${f.shopName}: order ${f.reference} is on its way.${note} Track it: ${f.trackingUrl}`,
    ready_for_pickup: (f, note) =>
      `${f.shopName}: order ${f.reference} is ready at ${f.deliveryTo}.${note} Track: ${f.trackingUrl}`,
    payment_failed: (f) =>
      `${f.shopName}: order ${f.reference} was not paid and nothing was charged. Pay for this order again: ${f.trackingUrl}`,
    refunded: (f) =>
      `${f.shopName}: we refunded ${formatKsh(f.refund?.amount ?? 0)} for order ${f.reference}. It may take a few days. See: ${f.trackingUrl}`,
  },
  sw: {
    payment_confirmed: (f) =>
      `${f.shopName}: tumepokea malipo yako ya ${formatKsh(f.total)} kwa agizo ${f.reference}. Lifuatilie: ${f.trackingUrl}`,
    order_sent: (f, note) =>
      `${f.shopName}: agizo ${f.reference} liko njiani.${note} Lifuatilie: ${f.trackingUrl}`,
    ready_for_pickup: (f, note) =>
      // The place after a colon and the link without a word before it (here and in a refund's):
      // the longest values leave no room for more in a single part.
      `${f.shopName}: agizo ${f.reference} liko tayari: ${f.deliveryTo}.${note} ${f.trackingUrl}`,
    payment_failed: (f) =>
      `${f.shopName}: agizo ${f.reference} halikulipiwa na hakuna pesa iliyokatwa. Lilipie tena: ${f.trackingUrl}`,
    refunded: (f) =>
      `${f.shopName}: tumerudisha ${formatKsh(f.refund?.amount ?? 0)} za agizo ${f.reference}. Huenda zikachukua siku chache. ${f.trackingUrl}`,
  },
};

type SmsWords = (f: OrderFacts, note: string) => string;
type ShopperKind = Exclude<OrderMessageKinds, "new_paid_order">;

/**
 * The SMS for each kind: one 160-character GSM-7 part in either language, unless the owner's note
 * needs more (a unit test holds them to it). The owner's own SMS is in English, like the back
 * office.
 */
export function smsText(kind: OrderMessageKinds, f: OrderFacts): string {
  if (kind === "new_paid_order") {
    return toGsm(
      f.itemsCount === 1
        ? `New paid order ${f.reference}: ${formatKsh(f.total)}, 1 item, ${f.delivery}. ${f.adminUrl}`
        : `New paid order ${f.reference}: ${formatKsh(f.total)}, ${f.itemsCount} items, ${f.delivery}. ${f.adminUrl}`,
    );
  }
  const words = SHOPPER_SMS[f.language ?? "en"][kind];
  if (kind === "order_sent" || kind === "ready_for_pickup") {
    return withNote(f.note, (note) => words(f, note));
  }
  return toGsm(words(f, ""));
}

/** The SMS to a shopper who asked to hear when a sold-out product (or size of it) is back. */
export function backInStockSms(f: {
  shopName: string;
  productName: string;
  size: string;
  productUrl: string;
  /** The language the shopper asked in (English if unset). */
  language?: Language;
}): string {
  if (f.language === "sw") {
    return toGsm(
      f.size
        ? `${f.shopName}: ${f.productName} saizi ${f.size} inapatikana tena. Tazama: ${f.productUrl}`
        : `${f.shopName}: ${f.productName} inapatikana tena. Tazama: ${f.productUrl}`,
    );
  }
  return toGsm(
    f.size
      ? `${f.shopName}: ${f.productName} in size ${f.size} is back in stock. See it: ${f.productUrl}`
      : `${f.shopName}: ${f.productName} is back in stock. See it: ${f.productUrl}`,
  );
}

/**
 * The first SMS to a number left for 'Tell me when it is back': its holder confirms it by the
 * link before any alert goes to it, so a stranger's number left by someone else gets this one.
 */
export function confirmAlertNumberSms(f: {
  shopName: string;
  confirmUrl: string;
  language?: Language;
}): string {
  if (f.language === "sw") {
    return toGsm(
      `${f.shopName}: uliomba SMS bidhaa ikirudi. Thibitisha nambari yako: ${f.confirmUrl} Si wewe? Puuza SMS hii.`,
    );
  }
  return toGsm(
    `${f.shopName}: you asked for an SMS when a piece is back. Confirm your number: ${f.confirmUrl} Not you? Ignore this SMS.`,
  );
}

/**
 * How many characters of the owner's note the SMS for a fulfilment step carries in its first part
 * (the rest goes in a second): the SMS without a note, measured with the shop's own name and
 * address. The order details show it as the owner types.
 */
export function noteRoomInOneSms(
  kind: "order_sent" | "ready_for_pickup",
  facts: Pick<OrderFacts, "shopName" | "reference" | "deliveryTo" | "trackingUrl" | "language">,
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

/** What a shopper's email says of one kind of event, each a whole sentence. */
type EmailWords = { subject: string; preview: string; heading: string; paragraph: string };

type ShopperEmails = {
  hello: (name: string) => string;
  follow: string;
  see: string;
  /** A failed payment's link: pay for the same order again. */
  payAgain: string;
  yourOrder: (reference: string) => string;
  kinds: Record<ShopperKind, (f: OrderFacts) => EmailWords>;
};

const refunded = (f: OrderFacts) => formatKsh(f.refund?.amount ?? 0);

const SHOPPER_EMAILS: Record<Language, ShopperEmails> = {
  en: {
    hello: (name) => `Hello ${name},`,
    follow: "Follow your order",
    see: "See your order",
    payAgain: "Pay for this order again",
    yourOrder: (reference) => `Your order ${reference}`,
    kinds: {
      payment_confirmed: (f) => ({
        subject: `Order ${f.reference}: payment received`,
        preview: `We received your payment of ${formatKsh(f.total)} for order ${f.reference}.`,
        heading: "Thank you for your order",
        paragraph: `Thank you! We received your payment of ${formatKsh(f.total)} for order ${f.reference}. We are packing it now.`,
      }),
      order_sent: (f) => ({
        subject: `Order ${f.reference} is on its way`,
        preview: `Your order ${f.reference} is on its way to ${f.deliveryTo}.`,
        heading: "Your order is on its way",
        paragraph: `Your order ${f.reference} is on its way to ${f.deliveryTo}.`,
      }),
      ready_for_pickup: (f) => ({
        subject: `Order ${f.reference} is ready for pickup`,
        preview: `Your order ${f.reference} is ready for pickup at ${f.deliveryTo}.`,
        heading: "Your order is ready for pickup",
        paragraph: `Your order ${f.reference} is ready for pickup at ${f.deliveryTo}.`,
      }),
      payment_failed: (f) => ({
        subject: `Order ${f.reference}: the payment did not go through`,
        preview: `The payment for order ${f.reference} did not go through. Nothing was charged.`,
        heading: "Your payment did not go through",
        paragraph: `The payment for order ${f.reference} did not go through, and nothing was charged. Your order is kept: you can pay for this same order again from its page whenever you are ready, on the phone or computer you ordered on.`,
      }),
      refunded: (f) => ({
        subject: `Order ${f.reference}: ${refunded(f)} refunded`,
        preview: `We refunded ${refunded(f)} for order ${f.reference}.`,
        heading: f.refund?.whole ? "Your order was refunded" : "Part of your order was refunded",
        paragraph: f.refund?.whole
          ? `We refunded ${refunded(f)} for order ${f.reference}, the whole of your payment. It goes back the way you paid and can take a few days to reach you.`
          : `We refunded ${refunded(f)} for order ${f.reference}. It goes back the way you paid and can take a few days to reach you.`,
      }),
    },
  },
  sw: {
    hello: (name) => `Habari ${name},`,
    follow: "Fuatilia agizo lako",
    see: "Tazama agizo lako",
    payAgain: "Lipia agizo hili tena",
    yourOrder: (reference) => `Agizo lako ${reference}`,
    kinds: {
      payment_confirmed: (f) => ({
        subject: `Agizo ${f.reference}: malipo yamepokelewa`,
        preview: `Tumepokea malipo yako ya ${formatKsh(f.total)} kwa agizo ${f.reference}.`,
        heading: "Asante kwa agizo lako",
        paragraph: `Asante! Tumepokea malipo yako ya ${formatKsh(f.total)} kwa agizo ${f.reference}. Tunaliandaa sasa.`,
      }),
      order_sent: (f) => ({
        subject: `Agizo ${f.reference} liko njiani`,
        preview: `Agizo lako ${f.reference} liko njiani kuelekea ${f.deliveryTo}.`,
        heading: "Agizo lako liko njiani",
        paragraph: `Agizo lako ${f.reference} liko njiani kuelekea ${f.deliveryTo}.`,
      }),
      ready_for_pickup: (f) => ({
        subject: `Agizo ${f.reference} liko tayari kuchukuliwa`,
        preview: `Agizo lako ${f.reference} liko tayari kuchukuliwa katika ${f.deliveryTo}.`,
        heading: "Agizo lako liko tayari kuchukuliwa",
        paragraph: `Agizo lako ${f.reference} liko tayari kuchukuliwa katika ${f.deliveryTo}.`,
      }),
      payment_failed: (f) => ({
        subject: `Agizo ${f.reference}: malipo hayakufaulu`,
        preview: `Malipo ya agizo ${f.reference} hayakufaulu. Hakuna pesa iliyokatwa.`,
        heading: "Malipo yako hayakufaulu",
        paragraph: `Malipo ya agizo ${f.reference} hayakufaulu, na hakuna pesa iliyokatwa. Agizo lako bado lipo: unaweza kulilipia agizo hili hili tena kwenye ukurasa wake wakati wowote utakapokuwa tayari, kwenye simu au kompyuta uliyoagizia.`,
      }),
      refunded: (f) => ({
        subject: `Agizo ${f.reference}: ${refunded(f)} zimerudishwa`,
        preview: `Tumekurudishia ${refunded(f)} za agizo ${f.reference}.`,
        heading: f.refund?.whole
          ? "Pesa za agizo lako zimerudishwa"
          : "Sehemu ya pesa za agizo lako imerudishwa",
        paragraph: f.refund?.whole
          ? `Tumekurudishia ${refunded(f)} za agizo ${f.reference}, malipo yako yote. Zinarudi kwa njia uliyolipia na huenda zikachukua siku chache kukufikia.`
          : `Tumekurudishia ${refunded(f)} za agizo ${f.reference}. Zinarudi kwa njia uliyolipia na huenda zikachukua siku chache kukufikia.`,
      }),
    },
  },
};

/** The email for each kind; emailText and the HTML renderer lay it out. */
export function emailContent(kind: OrderMessageKinds, f: OrderFacts): EmailContent {
  if (kind === "new_paid_order") return ownerEmailContent(f);
  const emails = SHOPPER_EMAILS[f.language ?? "en"];
  const words = emails.kinds[kind](f);
  const step = kind === "order_sent" || kind === "ready_for_pickup";
  const paid = kind === "payment_confirmed";
  return {
    subject: words.subject,
    preview: words.preview,
    heading: words.heading,
    paragraphs: [emails.hello(f.customerName), words.paragraph],
    note: step ? f.note : "",
    receipt: paid ? emails.yourOrder(f.reference) : "",
    delivery: paid ? { method: f.delivery, to: f.deliveryTo } : null,
    action: {
      href: f.trackingUrl,
      label:
        paid || step ? emails.follow : kind === "payment_failed" ? emails.payAgain : emails.see,
    },
  };
}

/** The owner's email about a paid order, in English like the back office. */
function ownerEmailContent(f: OrderFacts): EmailContent {
  const total = formatKsh(f.total);
  return {
    subject: `New paid order ${f.reference}: ${total}`,
    preview:
      f.itemsCount === 1
        ? `${f.customerName} paid ${total} for 1 item, by ${f.delivery}.`
        : `${f.customerName} paid ${total} for ${f.itemsCount} items, by ${f.delivery}.`,
    heading: `New paid order ${f.reference}`,
    paragraphs: [
      f.itemsCount === 1
        ? `${f.customerName} paid ${total} for 1 item. The order is on your packing list.`
        : `${f.customerName} paid ${total} for ${f.itemsCount} items. The order is on your packing list.`,
    ],
    note: "",
    receipt: `Order ${f.reference}`,
    delivery: { method: f.delivery, to: f.deliveryTo },
    action: { href: f.adminUrl, label: "Open the order" },
  };
}

/** The words around a receipt and an email's parts, in each language. */
export const RECEIPT_WORDS: Record<
  Language,
  {
    item: (i: OrderFacts["items"][number]) => string;
    size: (size: string) => string;
    quantity: (n: number) => string;
    each: (price: number, wasPrice?: number) => string;
    free: string;
    subtotal: string;
    deliveryFee: (method: string) => string;
    total: string;
    discount: (code: string) => string;
    noteFrom: (shop: string) => string;
    delivery: string;
    orOpen: string;
  }
> = {
  en: {
    item: (i) =>
      i.size ? `${i.quantity} x ${i.name} (size ${i.size})` : `${i.quantity} x ${i.name}`,
    size: (size) => `Size ${size}`,
    quantity: (n) => `Qty ${n}`,
    each: (price, was) =>
      was ? `${formatKsh(price)} each (sale, was ${formatKsh(was)})` : `${formatKsh(price)} each`,
    free: "Free",
    subtotal: "Subtotal",
    deliveryFee: (method) => `Delivery (${method})`,
    total: "Total",
    discount: discountLabel,
    noteFrom: (shop) => `Note from ${shop}`,
    delivery: "Delivery",
    orOpen: "Or open this link:",
  },
  sw: {
    item: (i) =>
      i.size ? `${i.quantity} x ${i.name} (saizi ${i.size})` : `${i.quantity} x ${i.name}`,
    size: (size) => `Saizi ${size}`,
    quantity: (n) => `Idadi ${n}`,
    each: (price, was) =>
      was
        ? `${formatKsh(price)} kila kimoja (bei ya ofa, awali ${formatKsh(was)})`
        : `${formatKsh(price)} kila kimoja`,
    free: "Bure",
    subtotal: "Jumla ndogo",
    deliveryFee: (method) => `Usafirishaji (${method})`,
    total: "Jumla",
    discount: (code) => `Punguzo (${code})`,
    noteFrom: (shop) => `Ujumbe kutoka ${shop}`,
    delivery: "Usafirishaji",
    orOpen: "Au fungua kiungo hiki:",
  },
};

/** The delivery fee as a receipt shows it: 'Free' when nothing is charged. */
export const deliveryFeeText = (fee: number, language: Language = "en") =>
  fee === 0 ? RECEIPT_WORDS[language].free : formatKsh(fee);

/** The language an email is in: the order's for the shopper's, English for the owner's. */
export const emailLanguage = (kind: OrderMessageKinds, f: OrderFacts): Language =>
  kind === "new_paid_order" ? "en" : (f.language ?? "en");

/** The email's subject and plain-text part, from the same content as its HTML part. */
export function emailText(
  kind: OrderMessageKinds,
  f: OrderFacts,
): { subject: string; body: string } {
  const c = emailContent(kind, f);
  const language = emailLanguage(kind, f);
  const w = RECEIPT_WORDS[language];
  const receipt = [
    ...f.items.map((i) => `${w.item(i)}: ${formatKsh(i.price * i.quantity)}`),
    ...(f.discount ? [`${w.discount(f.discount.code)}: -${formatKsh(f.discount.amount)}`] : []),
    `${w.deliveryFee(f.delivery)}: ${deliveryFeeText(f.deliveryFee, language)}`,
    `${w.total}: ${formatKsh(f.total)}`,
  ].join("\n");
  const parts = [
    ...c.paragraphs,
    ...(c.note ? [`${w.noteFrom(f.shopName)}: ${c.note}`] : []),
    ...(c.receipt ? [receipt] : []),
    ...(c.delivery ? [`${w.delivery}: ${c.delivery.method}, ${c.delivery.to}`] : []),
    `${c.action.label}: ${c.action.href}`,
    ...(kind === "new_paid_order" ? [] : [f.shopName]),
  ];
  return { subject: c.subject, body: parts.join("\n\n") };
}
