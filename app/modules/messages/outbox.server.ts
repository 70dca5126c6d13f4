import { and, eq, inArray, like } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { messages, orders, user } from "~/db/schema";
import type { Settings } from "~/settings.server";
import type { OrderMessageKinds } from "~/terms/message-states";
import { orderReference } from "~/terms/order-reference";
import { type Language, pathIn } from "~/utils/language";
import {
  deliveryMethodName,
  deliveryTo,
  emailText,
  type OrderFacts,
  smsText,
} from "./message-texts";
import { orderEmailHtml, type ShopContact } from "./order-email.server";

export type OrderMessageKind = Exclude<OrderMessageKinds, "new_paid_order">;

/** What an order's messages say of the shop, and who hears of a paid order. */
export type MessageSettings = Pick<
  Settings,
  | "SHOP_NAME"
  | "SHOP_LOCATION"
  | "SHOP_PHONE"
  | "SHOP_EMAIL"
  | "SHOP_WHATSAPP"
  | "PUBLIC_URL"
  | "OWNER_EMAIL"
  | "OWNER_PHONE"
>;

type Row = typeof messages.$inferInsert;

/**
 * Writes the messages an order event causes, in the caller's transaction: the order changes if
 * and only if its messages exist. Each message has a dedupe key (the cause, the audience and the
 * channel), so a replayed cause writes nothing new; a second 'Sent' with a new note is a new
 * cause (its key carries the step's time).
 */
export async function queueOrderMessages(
  tx: Tx,
  env: MessageSettings,
  orderId: string,
  kind: OrderMessageKind,
  /** Not sent before then: a fulfilment step's messages wait out the owner's 'Undo'. */
  sendAfter?: Date,
  /** A refund's messages: which refund, and how much. */
  refund?: { id: string; amount: number },
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const reference = orderReference(order.id);
  // The shopper's messages speak the order's language; the owner's are in English.
  const factsIn = (language: Language): OrderFacts => ({
    language,
    shopName: env.SHOP_NAME,
    reference,
    total: order.amount,
    itemsCount: order.items.reduce((n, i) => n + i.quantity, 0),
    delivery: deliveryMethodName(order.deliveryMethod, language),
    deliveryTo: deliveryTo(order, language),
    customerName: order.customerName,
    trackingUrl: `${env.PUBLIC_URL}${pathIn(language, `/orders/${order.trackingToken}`)}`,
    adminUrl: `${env.PUBLIC_URL}/admin/orders?q=${reference}`,
    note: kind === "order_sent" || kind === "ready_for_pickup" ? order.fulfilmentNote : "",
    items: order.items,
    deliveryFee: order.deliveryFee,
    ...(order.discountCode && order.discount > 0
      ? { discount: { code: order.discountCode, amount: order.discount } }
      : {}),
    ...(refund ? { refund: { amount: refund.amount, whole: refund.amount >= order.amount } } : {}),
  });
  const shopperFacts = factsIn(order.language);
  const ownerFacts = factsIn("en");
  const factsFor = (audience: "shopper" | "owner") =>
    audience === "shopper" ? shopperFacts : ownerFacts;
  // A fulfilment step may be taken again later with a new note: its time tells them apart.
  const cause =
    kind === "order_sent" || kind === "ready_for_pickup"
      ? stepMessagesKey(orderId, kind, order.fulfilmentUpdatedAt ?? new Date(0)).slice(0, -1)
      : refund
        ? `${orderId}:${kind}:${refund.id}`
        : kind === "payment_failed" && sendAfter
          ? `${orderId}:${kind}:${sendAfter.getTime()}`
          : `${orderId}:${kind}`;

  const shop: ShopContact = {
    name: env.SHOP_NAME,
    location: env.SHOP_LOCATION,
    phone: env.SHOP_PHONE,
    email: env.SHOP_EMAIL,
    whatsapp: env.SHOP_WHATSAPP.replace(/\D/g, ""),
  };

  const rows: Row[] = [];
  const email = async (audience: "shopper" | "owner", to: string, k: OrderMessageKinds) => {
    const facts = factsFor(audience);
    const { subject, body } = emailText(k, facts);
    rows.push({
      orderId,
      kind: k,
      audience,
      channel: "email",
      recipient: to,
      subject,
      body,
      html: await orderEmailHtml(k, facts, shop),
      dedupeKey: `${cause}:${audience}:email:${to}`,
    });
  };
  const sms = (audience: "shopper" | "owner", to: string, k: OrderMessageKinds) =>
    rows.push({
      orderId,
      kind: k,
      audience,
      channel: "sms",
      recipient: to,
      body: smsText(k, factsFor(audience)),
      dedupeKey: `${cause}:${audience}:sms`,
    });

  sms("shopper", order.customerPhone, kind);
  await email("shopper", order.customerEmail, kind);
  if (kind === "payment_confirmed") {
    if (env.OWNER_PHONE) sms("owner", normalisedOwnerPhone(env.OWNER_PHONE), "new_paid_order");
    const owners = env.OWNER_EMAIL
      ? [env.OWNER_EMAIL]
      : (await tx.select({ email: user.email }).from(user)).map((u) => u.email);
    for (const to of owners) await email("owner", to, "new_paid_order");
  }
  const due = sendAfter ? rows.map((row) => ({ ...row, nextAttemptAt: sendAfter })) : rows;
  await tx.insert(messages).values(due).onConflictDoNothing({ target: messages.dedupeKey });
}

/**
 * The dedupe-key prefix of the messages a fulfilment step caused (see `queueOrderMessages`): the
 * step's time tells a second 'Sent' from the first.
 */
export const stepMessagesKey = (orderId: string, kind: OrderMessageKind, at: Date) =>
  `${orderId}:${kind}:${at.getTime()}:`;

const normalisedOwnerPhone = (phone: string) => phone.replace(/^\+?254|^0/, "254");

/**
 * How long a failed payment waits before the shopper is told of it (decision 59): a shopper who
 * cancelled a prompt often pays the same order moments later, and must not read that it failed.
 */
export const PAYMENT_FAILED_NOTICE_MS = 10 * 60_000;

/**
 * A failed payment's messages, written to wait `PAYMENT_FAILED_NOTICE_MS`; the sender checks
 * again before it sends them (`stillToTell`), so they go only if the order stayed unpaid. One
 * story per order: once they went, a later failure of the same order says nothing more, and a
 * failure while earlier ones still wait replaces them (the wait starts again).
 */
export async function queuePaymentFailedMessages(
  tx: Tx,
  env: MessageSettings,
  orderId: string,
  now = new Date(),
) {
  const told = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.orderId, orderId),
        eq(messages.kind, "payment_failed"),
        inArray(messages.state, ["sending", "sent"]),
      ),
    )
    .limit(1);
  if (told.length) return;
  await tx
    .delete(messages)
    .where(
      and(
        eq(messages.orderId, orderId),
        eq(messages.kind, "payment_failed"),
        eq(messages.state, "queued"),
      ),
    );
  await queueOrderMessages(
    tx,
    env,
    orderId,
    "payment_failed",
    new Date(now.getTime() + PAYMENT_FAILED_NOTICE_MS),
  );
}

/**
 * Withdraws the messages a fulfilment step caused that have not gone yet (the owner's 'Undo'),
 * in the caller's transaction; those already sending or sent stay.
 */
export function withdrawStepMessages(tx: Tx, orderId: string, kind: OrderMessageKind, at: Date) {
  return tx
    .delete(messages)
    .where(
      and(
        like(messages.dedupeKey, `${stepMessagesKey(orderId, kind, at)}%`),
        eq(messages.state, "queued"),
      ),
    );
}
