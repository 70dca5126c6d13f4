/** Delivery methods and fees (spec section 9), in whole shillings. */
export const DELIVERY_METHODS = [
  { id: "pickup", label: "Pickup", fee: 0 },
  { id: "matatu", label: "Matatu parcel", fee: 150 },
  { id: "rider", label: "Rider (boda boda)", fee: 300 },
] as const;

export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]["id"];

export const PICKUP_LOCATIONS = [
  "Tom Mboya Meru South House 2nd floor Rm 205",
  "Milele Mall Ngong",
] as const;

/** The fee of a method; an unknown or missing method is pickup, which is free. */
export function deliveryFee(method: string | undefined | null): number {
  return DELIVERY_METHODS.find((m) => m.id === method)?.fee ?? 0;
}

export function orderTotal(subtotal: number, method: string | undefined | null): number {
  return subtotal + deliveryFee(method);
}
