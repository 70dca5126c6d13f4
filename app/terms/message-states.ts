/** The outbox's vocabulary (see the messages table). Pure, so the browser can import it too. */
export const MESSAGE_CHANNELS = ["sms", "email"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Who a message is for: the shopper who placed the order, or the shop's owner. */
export const MESSAGE_AUDIENCES = ["shopper", "owner"] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/**
 * queued: waiting for its (next) attempt; sending: an attempt is under way; sent: the provider
 * accepted it; failed: permanently refused, or still failing after the retry window.
 */
export const MESSAGE_STATES = ["queued", "sending", "sent", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** What a message says; each kind has an SMS and an email form. */
export const MESSAGE_KINDS = [
  "payment_confirmed",
  "order_sent",
  "ready_for_pickup",
  "payment_failed",
  "new_paid_order",
  "back_in_stock",
  "refunded",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** The kinds an order causes (a product back in stock is no order's). */
export type OrderMessageKinds = Exclude<MessageKind, "back_in_stock">;
