import type {
  MessageAudience,
  MessageChannel,
  MessageKind,
  MessageState,
} from "~/terms/message-states";

/** The outbox's vocabulary in the owner's words, for /admin/messages and an order's details. */
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: "Waiting to be sent",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};

/**
 * A message's state as the owner reads it: one the built-in outbox took reached nobody, so it is
 * 'Kept in the outbox', not 'Sent'.
 */
export const messageStateLabel = (state: MessageState, provider: string | null) =>
  state === "sent" && provider === "outbox" ? "Kept in the outbox" : MESSAGE_STATE_LABELS[state];

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  sms: "SMS",
  email: "Email",
};

/** Who got it and how, as one phrase per pair (no sentence assembled from parts). */
export const MESSAGE_ROUTE_LABELS: Record<MessageAudience, Record<MessageChannel, string>> = {
  shopper: { sms: "SMS to the customer:", email: "Email to the customer:" },
  owner: { sms: "SMS to you:", email: "Email to you:" },
};

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  payment_confirmed: "Payment confirmed",
  order_sent: "Order sent",
  ready_for_pickup: "Ready for pickup",
  payment_failed: "Payment failed",
  new_paid_order: "New paid order",
  back_in_stock: "Back in stock",
  refunded: "Refunded",
};

/** Which way out took a message, as the owner knows it (the names the providers record). */
const MESSAGE_PROVIDER_LABELS: Record<string, string> = {
  outbox: "Built-in outbox",
  africastalking: "Africa's Talking",
  smtp: "Mail server (SMTP)",
};

export const messageProviderLabel = (name: string) => MESSAGE_PROVIDER_LABELS[name] ?? name;
