import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { processGone } from "~/db/process-alive.server";
import { type OrderItem, orderEvents, orders, products } from "~/db/schema";
import { cartTotal, itemCount, MAX_LINES, MAX_QUANTITY } from "~/modules/cart/cart-rules";
import {
  firstUnfilledLine,
  holdOrderStock,
  NotEnoughStockError,
  releaseOrderStock,
} from "~/modules/inventory/stock.server";
import {
  DEFAULT_STOCK_HOLD_MINUTES,
  DEFAULT_STOCK_HOLD_SHARE,
} from "~/modules/inventory/stock-rules";
import { merchantReference, PaymentError } from "~/modules/payments/provider";
import type { PaymentProviders } from "~/modules/payments/registry";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import { logger } from "~/utils/logger.server";
import { recordOrderCreated } from "~/utils/metrics.server";
import { type CheckoutData, validateCheckout } from "./checkout-form";
import { checkoutKey } from "./checkout-key.server";
import { deliveryFee, orderTotal } from "./delivery";
import { mergeLines } from "./order-lines";

export const PAYMENT_FAILED = "Payment failed. Please try again or contact support.";
export const PRICES_CHANGED =
  "Prices have changed since you added these items. Please review your cart.";
export const TOO_MANY_CHECKOUTS =
  "Too many orders have been placed from your connection in the last few minutes. Please wait 10 minutes and try again.";
export const TOO_MANY_CHECKOUTS_FOR_SHOPPER =
  "Too many orders have been placed from this cart or for this phone number in the last few minutes. Please wait 10 minutes and try again.";

/**
 * Each order asks its provider for a payment: placed orders are limited per shopper (the cart and
 * the phone number) and, generously, per address, since a mobile network puts thousands of phones
 * behind one address (decision 42).
 */
export const CHECKOUTS_PER_ADDRESS: Limit = {
  name: "checkout-address",
  points: 60,
  windowSeconds: 600,
};
export const CHECKOUTS_PER_CART: Limit = { name: "checkout-cart", points: 5, windowSeconds: 600 };
export const CHECKOUTS_PER_PHONE: Limit = { name: "checkout-phone", points: 5, windowSeconds: 600 };

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

/**
 * Prices a request from the database: every product in stock, every size real, quantities sane;
 * delivery is free when the subtotal reaches `freeDeliveryOver` (0: never).
 */
export async function priceItems(
  db: Db,
  requested: RequestedItem[],
  method: string,
  freeDeliveryOver: number,
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
  return {
    items,
    subtotal,
    fee: deliveryFee(method, subtotal, freeDeliveryOver),
    total: orderTotal(subtotal, method, freeDeliveryOver),
  };
}

type PlaceOrder = {
  form: Record<string, unknown>;
  items: RequestedItem[];
  /** The total the shopper saw; when it differs from the server's, nothing is charged. */
  clientTotal?: number;
  cartId: string | null;
  /** The purchase this order tries again (orders.retry_of), when it is a 'Try again'. */
  retryOf?: string | null;
  publicUrl: string;
  shopName: string;
  /** Delivery is free from this subtotal on (FREE_DELIVERY_OVER); 0: the shop makes no such offer. */
  freeDeliveryOver: number;
  /** The payment provider the shopper chose; the shop's default when not given. */
  provider?: string;
  /**
   * The shopper's address, for a checkout from the internet: when given, checkouts are limited
   * per address, cart and phone number (CHECKOUTS_PER_ADDRESS, _CART, _PHONE).
   */
  clientAddress?: string;
  /** How long the order holds its units for the payment (STOCK_HOLD_MINUTES). */
  holdMinutes?: number;
  /** The share of a size's units unpaid orders may hold, in percent (STOCK_HOLD_SHARE). */
  holdShare?: number;
  /**
   * The shop process placing it (DatabaseHandle.processId): when it dies during the payment
   * request, the same submission again takes the request over at once. Without it, after a minute.
   */
  processId?: number;
};

export const PROVIDER_UNAVAILABLE = "That payment method is not available. Please choose another.";
export const CHECKOUT_IN_PROGRESS =
  "Your order is already on its way to the payment page. Please wait a moment and try again.";

/** How long a payment request holds its claim on an order (the provider's calls time out first). */
const CLAIM_SECONDS = 60;
/** How long the same submission, made again while the first is at the provider, waits for it. */
const WAIT_FOR_CLAIM_MS = 20_000;

/** How long an order holds its units, and what share of a size unpaid orders may hold. */
type Hold = { minutes: number; share: number };

type OpenOrder = {
  id: string;
  paymentReference: string | null;
  paymentRedirectUrl: string | null;
};

/**
 * Checkout: validate, price from the database, create the order as Pending with the payment
 * provider chosen and its units held (one transaction: a line the shelf cannot fill creates
 * nothing and is named to the shopper), ask that provider for its payment page, and answer where
 * to send the shopper. Any payment failure marks the order Failed with the reason in its events
 * and gives its units back.
 *
 * A checkout from a cart is idempotent: the same submission again (a double tap, a retry after an
 * error or after the server stopped half-way) finds the order it placed, while that order is
 * Pending or was never sent to its provider, and answers the same payment page or asks for one
 * again, instead of placing a second order.
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
  const priced = await priceItems(db, input.items, customer.deliveryMethod, input.freeDeliveryOver);
  if (input.clientTotal !== undefined && input.clientTotal !== priced.total) {
    throw new CheckoutError(PRICES_CHANGED, 409, "ABORTED");
  }
  const key = input.cartId
    ? checkoutKey({
        cartId: input.cartId,
        provider: provider.name,
        customer,
        items: priced.items,
        total: priced.total,
      })
    : null;

  const hold = {
    minutes: input.holdMinutes ?? DEFAULT_STOCK_HOLD_MINUTES,
    share: input.holdShare ?? DEFAULT_STOCK_HOLD_SHARE,
  };
  let open = key ? await findOpenOrder(db, key) : undefined;
  let claimed = false;
  if (!open) {
    // A first look at the shelf: a sold-out line is refused before it counts against the limit,
    // unless the same submission took the last units a moment ago (a double tap): that resumes.
    const unfilled = await firstUnfilledLine(db, priced.items);
    if (unfilled) {
      open = key ? await findOpenOrder(db, key) : undefined;
      if (!open) throw new CheckoutError(unfilled.message, 409, "ABORTED");
    }
  }
  if (!open) {
    // Counted only for orders that would be placed: a shopper fixing a typo is not held back, and
    // the same submission again is not a second order.
    if (input.clientAddress !== undefined) {
      await countCheckout(db, input.clientAddress, input.cartId, customer.phone);
    }
    const created = await createOrder(db, {
      priced,
      customer,
      provider: provider.name,
      key,
      input,
      hold,
    });
    if (created) {
      recordOrderCreated();
      open = { id: created, paymentReference: null, paymentRedirectUrl: null };
      claimed = true;
    } else {
      // The same submission, placed a moment ago by a request running alongside this one.
      open = key ? await findOpenOrder(db, key) : undefined;
      if (!open) throw new CheckoutError(CHECKOUT_IN_PROGRESS, 409, "ABORTED");
    }
  }

  const orderId = open.id;
  let attempt = 1;
  if (!claimed) {
    const claim = await claimPaymentRequest(db, open, hold, input.processId);
    if ("redirectUrl" in claim) return { orderId, redirectUrl: claim.redirectUrl };
    attempt = claim.attempt;
    await db
      .insert(orderEvents)
      .values({ orderId, kind: "checkout_resumed", details: { attempt } });
  }

  try {
    const count = itemCount(priced.items);
    const { reference, redirectUrl } = await provider.submitOrder({
      orderId,
      merchantReference: merchantReference(orderId, attempt),
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
      await tx
        .update(orders)
        .set({ paymentReference: reference, paymentRedirectUrl: redirectUrl })
        .where(eq(orders.id, orderId));
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
      // The claim is let go, so the shopper's "try again" can ask at once.
      const [order] = await tx
        .update(orders)
        .set({ status: "Failed", paymentRequestedAt: null })
        .where(eq(orders.id, orderId))
        .returning({ stockState: orders.stockState });
      await tx.insert(orderEvents).values({
        orderId,
        kind: "payment_request_failed",
        details: { provider: provider.name, reason },
      });
      // Nobody can pay it now: its units go back on sale (a resumed checkout takes them again).
      if (order?.stockState === "held") {
        await releaseOrderStock(tx, orderId, "payment provider unreachable");
      }
    });
    throw new CheckoutError(PAYMENT_FAILED, 502, "UNAVAILABLE");
  }
}

/** Counts a checkout from the internet against its address's, cart's and phone's limits. */
async function countCheckout(db: Db, address: string, cartId: string | null, phone: string) {
  const byAddress = await countAttempt(db, CHECKOUTS_PER_ADDRESS, address);
  if (!byAddress.allowed) throw new CheckoutError(TOO_MANY_CHECKOUTS, 429, "RESOURCE_EXHAUSTED");
  const byShopper = await Promise.all([
    ...(cartId ? [countAttempt(db, CHECKOUTS_PER_CART, cartId)] : []),
    countAttempt(db, CHECKOUTS_PER_PHONE, phone),
  ]);
  if (byShopper.some((attempt) => !attempt.allowed)) {
    throw new CheckoutError(TOO_MANY_CHECKOUTS_FOR_SHOPPER, 429, "RESOURCE_EXHAUSTED");
  }
}

/** The order a submission placed, while it is Pending or was never sent to its provider. */
async function findOpenOrder(db: Db, key: string): Promise<OpenOrder | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      paymentReference: orders.paymentReference,
      paymentRedirectUrl: orders.paymentRedirectUrl,
    })
    .from(orders)
    .where(
      and(
        eq(orders.idempotencyKey, key),
        or(eq(orders.status, "Pending"), isNull(orders.paymentReference)),
      ),
    );
  return row;
}

/**
 * Creates the Pending order with its first payment request claimed and its units held. Answers
 * its id, or null when an open order with the same key already exists (the unique index decides
 * between two requests, before any unit is taken). A line the shelf cannot fill rolls it all back
 * and is refused with a CheckoutError naming it.
 */
async function createOrder(
  db: Db,
  o: {
    priced: PricedOrder;
    customer: CheckoutData;
    provider: string;
    key: string | null;
    input: PlaceOrder;
    hold: Hold;
  },
): Promise<string | null> {
  const { priced, customer } = o;
  return refusingShortLines(() =>
    db.transaction(async (tx) => {
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
          cartId: o.input.cartId,
          retryOf: o.input.retryOf ?? null,
          paymentProvider: o.provider,
          idempotencyKey: o.key,
          paymentAttempts: 1,
          paymentRequestedAt: new Date(),
          paymentClaimedBy: o.input.processId,
          nextCheckAt: new Date(Date.now() + 5 * 60_000),
        })
        .onConflictDoNothing({
          target: orders.idempotencyKey,
          where: sql`${orders.status} = 'Pending' or ${orders.paymentReference} is null`,
        })
        .returning({ id: orders.id });
      if (!order) return null;
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "created",
        details: {
          amount: priced.total,
          subtotal: priced.subtotal,
          deliveryFee: priced.fee,
          items: priced.items.length,
        },
      });
      await holdOrderStock(
        tx,
        { id: order.id, items: priced.items },
        o.hold.minutes,
        "checkout",
        o.hold.share,
      );
      return order.id;
    }),
  );
}

/** Runs a transaction that holds units; a line the shelf cannot fill becomes the shopper's 409. */
async function refusingShortLines<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotEnoughStockError) {
      throw new CheckoutError(error.message, 409, "ABORTED");
    }
    throw error;
  }
}

/**
 * Takes the next payment request of an order placed before, so only one request asks its provider
 * at a time. Answers the payment page when the order already has one (or gets one while this
 * waits), or the number of the request this call may make.
 */
async function claimPaymentRequest(
  db: Db,
  order: OpenOrder,
  hold: Hold,
  claimant: number | undefined,
): Promise<{ redirectUrl: string } | { attempt: number }> {
  const deadline = Date.now() + WAIT_FOR_CLAIM_MS;
  let current: OpenOrder | undefined = order;
  for (;;) {
    if (current?.paymentReference && current.paymentRedirectUrl) {
      return { redirectUrl: current.paymentRedirectUrl };
    }
    const attempt = await refusingShortLines(() =>
      db.transaction(async (tx) => {
        const claimed = await tx.execute<{
          payment_attempts: number;
          stock_state: string | null;
          items: OrderItem[];
        }>(sql`
          update orders
             set payment_attempts = payment_attempts + 1, payment_requested_at = now(),
                 payment_claimed_by = ${claimant ?? null}::int,
                 status = 'Pending', next_check_at = now() + interval '5 minutes', updated_at = now()
           where id = ${order.id} and payment_reference is null and status in ('Pending', 'Failed')
             and (payment_requested_at is null
                  or payment_requested_at < now() - make_interval(secs => ${CLAIM_SECONDS})
                  or (payment_claimed_by is not null
                      and ${processGone(sql.raw("payment_claimed_by"))}))
          returning payment_attempts, stock_state, items`);
        const row = claimed.rows[0];
        if (!row) return null;
        // Units it still holds wait as long again; units it gave back are taken again, or the
        // shopper is told which line is short and the claim is undone with the rest.
        if (row.stock_state === "held") {
          await tx
            .update(orders)
            .set({ stockHeldUntil: sql`now() + make_interval(mins => ${hold.minutes})` })
            .where(eq(orders.id, order.id));
        } else if (row.stock_state === "released") {
          await holdOrderStock(
            tx,
            { id: order.id, items: row.items },
            hold.minutes,
            "checkout resumed",
            hold.share,
          );
        }
        return Number(row.payment_attempts);
      }),
    );
    if (attempt !== null) return { attempt };
    if (Date.now() > deadline) throw new CheckoutError(CHECKOUT_IN_PROGRESS, 409, "ABORTED");
    await new Promise((resolve) => setTimeout(resolve, 250));
    [current] = await db
      .select({
        id: orders.id,
        paymentReference: orders.paymentReference,
        paymentRedirectUrl: orders.paymentRedirectUrl,
      })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (!current) throw new CheckoutError(CHECKOUT_IN_PROGRESS, 409, "ABORTED");
  }
}
