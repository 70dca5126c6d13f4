import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type OrderItem, orderEvents, orders, products } from "~/db/schema";
import { cartTotal, itemCount, MAX_LINES, MAX_QUANTITY } from "~/modules/cart/cart-rules";
import { PaymentError } from "~/modules/payments/provider";
import type { PaymentProviders } from "~/modules/payments/registry";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import { logger } from "~/utils/logger.server";
import { recordOrderCreated } from "~/utils/metrics.server";
import { type CheckoutData, validateCheckout } from "./checkout-form";
import { deliveryFee, orderTotal } from "./delivery";
import { mergeLines } from "./order-lines";

export const PAYMENT_FAILED = "Payment failed. Please try again or contact support.";
export const PRICES_CHANGED =
  "Prices have changed since you added these items. Please review your cart.";
export const TOO_MANY_CHECKOUTS =
  "Too many orders have been placed from your connection in the last few minutes. Please wait 10 minutes and try again.";

/** Each order asks Pesapal for a payment page: one address may place 10 every 10 minutes. */
export const CHECKOUTS_PER_ADDRESS: Limit = {
  name: "checkout-address",
  points: 10,
  windowSeconds: 600,
};

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

export type PricedOrder = { items: OrderItem[]; subtotal: number; fee: number; total: number };

/** Prices a request from the database: every product in stock, every size real, quantities sane. */
export async function priceItems(
  db: Db,
  requested: RequestedItem[],
  method: string,
): Promise<PricedOrder> {
  if (requested.length === 0) throw new CheckoutError("Your cart is empty.");
  if (requested.length > MAX_LINES)
    throw new CheckoutError(`An order can hold up to ${MAX_LINES} different items.`);
  // Copies of a line count together against the per-line cap.
  const lines = mergeLines(requested);
  const ids = [...new Set(lines.map((i) => i.productId))];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      sizes: products.sizes,
      inStock: products.inStock,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items: OrderItem[] = lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product?.inStock) {
      throw new CheckoutError(
        `${product?.name ?? "An item in your cart"} is no longer available. Please remove it from your cart.`,
      );
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) {
      throw new CheckoutError(`Please choose between 1 and ${MAX_QUANTITY} of ${product.name}.`);
    }
    if (product.sizes.length ? !product.sizes.includes(line.size) : line.size !== "") {
      throw new CheckoutError(`Please choose a valid size for ${product.name}.`);
    }
    return {
      productId: product.id,
      name: product.name,
      quantity: line.quantity,
      price: product.price,
      ...(line.size ? { size: line.size } : {}),
    };
  });
  const subtotal = cartTotal(items);
  return { items, subtotal, fee: deliveryFee(method), total: orderTotal(subtotal, method) };
}

type PlaceOrder = {
  form: Record<string, unknown>;
  items: RequestedItem[];
  /** The total the shopper saw; when it differs from the server's, nothing is charged. */
  clientTotal?: number;
  cartId: string | null;
  publicUrl: string;
  shopName: string;
  /** The payment provider the shopper chose; the shop's default when not given. */
  provider?: string;
  /** The shopper's address; when given, checkouts from it are limited (CHECKOUTS_PER_ADDRESS). */
  clientAddress?: string;
};

export const PROVIDER_UNAVAILABLE = "That payment method is not available. Please choose another.";

/**
 * Checkout: validate, price from the database, create the order as Pending (one transaction) with
 * the payment provider chosen, ask that provider for its payment page, and answer where to send
 * the shopper. Any payment failure marks the order Failed with the reason in its events.
 */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  input: PlaceOrder,
): Promise<{ orderId: string; redirectUrl: string }> {
  if (input.provider !== undefined && !providers.has(input.provider)) {
    throw new CheckoutError(PROVIDER_UNAVAILABLE, 400, "INVALID_ARGUMENT", "paymentProvider");
  }
  const provider = input.provider === undefined ? providers.default : providers.get(input.provider);
  const checked = validateCheckout(input.form);
  if (!checked.ok) throw new CheckoutError(checked.message, 400, "INVALID_ARGUMENT", checked.field);
  const customer: CheckoutData = checked.data;
  const priced = await priceItems(db, input.items, customer.deliveryMethod);
  if (input.clientTotal !== undefined && input.clientTotal !== priced.total) {
    throw new CheckoutError(PRICES_CHANGED, 409, "ABORTED");
  }
  // Counted only for orders that would be placed: a shopper fixing a typo is not held back.
  if (input.clientAddress !== undefined) {
    const attempt = await countAttempt(db, CHECKOUTS_PER_ADDRESS, input.clientAddress);
    if (!attempt.allowed) throw new CheckoutError(TOO_MANY_CHECKOUTS, 429, "RESOURCE_EXHAUSTED");
  }

  const orderId = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        status: "Pending",
        amount: priced.total,
        currency: "KES",
        items: priced.items,
        customerName: customer.name,
        customerPhone: customer.phone,
        customerEmail: customer.email,
        address: customer.address,
        city: customer.city,
        notes: customer.notes,
        deliveryMethod: customer.deliveryMethod,
        deliveryFee: priced.fee,
        pickupLocation: customer.pickupLocation,
        cartId: input.cartId,
        paymentProvider: provider.name,
        nextCheckAt: new Date(Date.now() + 5 * 60_000),
      })
      .returning({ id: orders.id });
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      kind: "created",
      details: {
        amount: priced.total,
        subtotal: priced.subtotal,
        deliveryFee: priced.fee,
        items: priced.items.length,
      },
    });
    return order!.id;
  });
  recordOrderCreated();

  try {
    const count = itemCount(priced.items);
    const { reference, redirectUrl } = await provider.submitOrder({
      orderId,
      amount: priced.total,
      currency: "KES",
      // Each provider cuts it to its own limit.
      description: `${input.shopName} order of ${count} ${count === 1 ? "item" : "items"}`,
      callbackUrl: `${input.publicUrl}/order-success`,
      customer: {
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        address: customer.address,
        city: customer.city,
      },
    });
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ paymentReference: reference }).where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        orderId,
        kind: "payment_requested",
        details: { provider: provider.name, reference },
      });
    });
    return { orderId, redirectUrl };
  } catch (error) {
    const reason = error instanceof PaymentError ? error.message : "unexpected error";
    logger.error({ err: error, orderId }, "payment request failed");
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: "Failed" }).where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        orderId,
        kind: "payment_request_failed",
        details: { provider: provider.name, reason },
      });
    });
    throw new CheckoutError(PAYMENT_FAILED, 502, "UNAVAILABLE");
  }
}
