/**
 * Delivery methods and their list fees (spec section 9), in whole shillings; their names are
 * words (`msg.deliveryMethods`).
 */
export const DELIVERY_METHODS = [
  { id: "pickup", fee: 0 },
  { id: "matatu", fee: 150 },
  { id: "rider", fee: 300 },
] as const;

export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]["id"];

export const PICKUP_LOCATIONS = [
  "Tom Mboya Meru South House 2nd floor Rm 205",
  "Milele Mall Ngong",
] as const;

/** The promise on the product page: delivery is free from this subtotal on (KSh). */
export const DEFAULT_FREE_DELIVERY_OVER = 5000;

/**
 * A method's list fee, before any offer; an unknown or missing method is pickup, which is free.
 * Also the fee of an imported order that did not record one (spec section 4's defaults).
 */
export function methodFee(method: string | undefined | null): number {
  return DELIVERY_METHODS.find((m) => m.id === method)?.fee ?? 0;
}

/**
 * Whether a subtotal earns free delivery: it reaches the threshold (exactly the threshold
 * counts). A threshold of 0 means the shop makes no such offer.
 */
export function freeDeliveryApplies(subtotal: number, freeDeliveryOver: number): boolean {
  return freeDeliveryOver > 0 && subtotal >= freeDeliveryOver;
}

/** A discount code's part in a total: shillings off the goods, and free delivery. */
export type CodeOffer = { discount: number; freeDelivery: boolean };

/**
 * What delivery costs: the method's fee, or nothing with a free-delivery code or once the goods,
 * after any discount, reach the shop's free-delivery threshold.
 */
export function deliveryFee(
  method: string | undefined | null,
  subtotal: number,
  freeDeliveryOver: number,
  offer?: CodeOffer,
): number {
  const goods = subtotal - (offer?.discount ?? 0);
  return offer?.freeDelivery || freeDeliveryApplies(goods, freeDeliveryOver)
    ? 0
    : methodFee(method);
}

/** The goods less any discount (never below nothing), plus delivery. */
export function orderTotal(
  subtotal: number,
  method: string | undefined | null,
  freeDeliveryOver: number,
  offer?: CodeOffer,
): number {
  const goods = Math.max(0, subtotal - (offer?.discount ?? 0));
  return goods + deliveryFee(method, subtotal, freeDeliveryOver, offer);
}

/** How much more the cart needs for free delivery; 0 when it already has it or there is no offer. */
export function shortOfFreeDelivery(subtotal: number, freeDeliveryOver: number): number {
  if (freeDeliveryOver <= 0) return 0;
  return Math.max(0, freeDeliveryOver - subtotal);
}
