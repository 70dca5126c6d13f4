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
