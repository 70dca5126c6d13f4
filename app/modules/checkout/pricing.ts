import type { OrderItem } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { type CartLine, NO_OFFER, type Offer } from "~/modules/discounts/code-rules";
import { MAX_LINES, MAX_QUANTITY } from "~/terms/cart-limits";
import { deliveryFee, orderTotal } from "./delivery";
import { mergeLines } from "./order-lines";

// What a checkout is refused with is said in the request's language (`msg`): the cart page's
// action answers in the page's.

/** Why a checkout was refused; `status` is the HTTP status and `code` the spec's error code. */
export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 | 429 | 502 = 400,
    readonly code:
      | "INVALID_ARGUMENT"
      | "ABORTED"
      | "RESOURCE_EXHAUSTED"
      | "UNAVAILABLE" = "INVALID_ARGUMENT",
    readonly field?: string,
  ) {
    super(message);
  }
}

/** What the browser asks for: ids, sizes and quantities. Names and prices it sends are ignored. */
export type RequestedItem = { productId: string; size: string; quantity: number };

/** A product as the catalogue sells it at this moment (`price`: a sale's, while one runs). */
export type ProductPrice = {
  id: string;
  name: string;
  price: number;
  regularPrice: number;
  category: string;
  sizes: string[];
  inStock: boolean;
};

export type PricedOrder = {
  items: OrderItem[];
  /** The lines as a discount code reads them (with their categories). */
  lines: CartLine[];
  subtotal: number;
  /** What a discount code gave: shillings off the goods, free delivery. */
  offer: Offer;
  fee: number;
  total: number;
};

/** The ids of the products a request names, each once: what the catalogue is asked for. */
export function requestedIds(requested: readonly RequestedItem[]): string[] {
  return [...new Set(requested.map((i) => i.productId))];
}

/** An empty or oversized request, refused before anything is looked up. */
export function checkRequest(requested: readonly RequestedItem[]) {
  if (requested.length === 0) throw new CheckoutError(msg.cartIsEmpty);
  if (requested.length > MAX_LINES) throw new CheckoutError(msg.tooManyLines(MAX_LINES));
}

/**
 * Prices a request from the catalogue's products at this moment: every product in stock, every
 * size real, quantities sane; delivery is free when the subtotal reaches `freeDeliveryOver`
 * (0: never).
 */
export function priceLines(
  requested: readonly RequestedItem[],
  products: readonly ProductPrice[],
  method: string,
  freeDeliveryOver: number,
): PricedOrder {
  checkRequest(requested);
  // Copies of a line count together against the per-line cap.
  const lines = mergeLines(requested);
  const byId = new Map(products.map((r) => [r.id, r]));
  const items: OrderItem[] = lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product?.inStock) {
      throw new CheckoutError(product ? msg.itemUnavailable(product.name) : msg.anItemUnavailable);
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) {
      throw new CheckoutError(msg.chooseQuantityOf(MAX_QUANTITY, product.name));
    }
    if (product.sizes.length ? !product.sizes.includes(line.size) : line.size !== "") {
      throw new CheckoutError(msg.chooseValidSize(product.name));
    }
    return {
      productId: product.id,
      name: product.name,
      quantity: line.quantity,
      price: product.price,
      ...(product.price < product.regularPrice ? { wasPrice: product.regularPrice } : {}),
      ...(line.size ? { size: line.size } : {}),
    };
  });
  const subtotal = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  return {
    items,
    lines: items.map((i) => ({
      price: i.price,
      quantity: i.quantity,
      category: byId.get(i.productId!)!.category,
    })),
    subtotal,
    offer: NO_OFFER,
    fee: deliveryFee(method, subtotal, freeDeliveryOver),
    total: orderTotal(subtotal, method, freeDeliveryOver),
  };
}

/** The order priced again with what a discount code gives it: its fee and total change. */
export function withOffer(
  priced: PricedOrder,
  offer: Offer,
  method: string,
  freeDeliveryOver: number,
): PricedOrder {
  return {
    ...priced,
    offer,
    fee: deliveryFee(method, priced.subtotal, freeDeliveryOver, offer),
    total: orderTotal(priced.subtotal, method, freeDeliveryOver, offer),
  };
}
