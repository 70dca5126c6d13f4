import { FULFILMENT_STATES, type FulfilmentState } from "~/terms/fulfilment-states";

export { FULFILMENT_STATES, type FulfilmentState };

/** The steps a paid order goes through, by how it reaches the shopper. */
export function fulfilmentPath(deliveryMethod: string): FulfilmentState[] {
  return deliveryMethod === "pickup"
    ? ["to_pack", "ready_for_pickup", "collected"]
    : ["to_pack", "sent", "delivered"];
}

/**
 * Where the owner may move an order's parcel from `current`: the next step of its path, in order
 * (a step just taken by mistake is undone, and the timeline keeps both). An order paid before
 * fulfilment existed (no state) may start at any step of its path.
 */
export function nextFulfilmentStates(
  deliveryMethod: string,
  current: FulfilmentState | null,
): FulfilmentState[] {
  const path = fulfilmentPath(deliveryMethod);
  if (current === null) return path;
  const at = path.indexOf(current);
  return at === -1 ? [] : path.slice(at + 1, at + 2);
}

/** The step before `current` on the order's path, which 'Undo' goes back to (none for the first). */
export function previousFulfilmentState(
  deliveryMethod: string,
  current: FulfilmentState,
): FulfilmentState | null {
  const path = fulfilmentPath(deliveryMethod);
  return path[path.indexOf(current) - 1] ?? null;
}

/** Whether a step tells the shopper something worth a message (the owner's note rides along). */
export const announcesToShopper = (state: FulfilmentState) =>
  state === "sent" || state === "ready_for_pickup";

/** The longest note the owner can give with a step (a Sacco, an arrival time, a phone). */
export const FULFILMENT_NOTE_MAX = 200;
