/**
 * Fulfilment, beside the spec's statuses: what happened to a paid order's parcel. The owner moves
 * it forward. Pure, so rules and the browser can import it too.
 *   to_pack -> ready_for_pickup -> collected   (pickup orders)
 *   to_pack -> sent -> delivered               (matatu or rider)
 */
export const FULFILMENT_STATES = [
  "to_pack",
  "ready_for_pickup",
  "sent",
  "delivered",
  "collected",
] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** What the owner and the shopper read for each step. */
export const FULFILMENT_LABELS: Record<FulfilmentState, string> = {
  to_pack: "To pack",
  ready_for_pickup: "Ready for pickup",
  sent: "Sent",
  delivered: "Delivered",
  collected: "Collected",
};

export const isFulfilmentState = (value: unknown): value is FulfilmentState =>
  typeof value === "string" && (FULFILMENT_STATES as readonly string[]).includes(value);
