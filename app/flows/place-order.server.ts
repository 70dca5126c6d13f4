import { inArray } from "drizzle-orm";
import type { DatabaseHandle, Db } from "~/db/client.server";
import { products } from "~/db/schema";
import { holdPieces } from "~/flows/order-stock.server";
import { completePaidByCode } from "~/flows/paid-by-code.server";
import { requestPayment } from "~/flows/request-payment.server";
import { msg } from "~/i18n/messages";
import { priceNow } from "~/modules/catalog/sale-sql.server";
import {
  CHECKOUT_MESSAGES,
  type CheckoutData,
  payerPhoneSchema,
  validateCheckout,
} from "~/modules/checkout/checkout-form";
import { checkoutKey } from "~/modules/checkout/checkout-key.server";
import {
  CheckoutError,
  checkRequest,
  type PricedOrder,
  priceLines,
  type RequestedItem,
  requestedIds,
  withOffer,
} from "~/modules/checkout/pricing";
import { CodeRefused, holdCodeUse, triedOffer } from "~/modules/discounts/codes.server";
import {
  firstUnfilledLine,
  HoldRefused,
  NotEnoughStockError,
} from "~/modules/inventory/stock.server";
import {
  DEFAULT_HOLD_LIMITS,
  DEFAULT_STOCK_HOLD_MINUTES,
  type HoldTerms,
} from "~/modules/inventory/stock-rules";
import { findOpenOrder, insertOrder, orderPageOf } from "~/modules/orders/new-orders.server";
import { recordOrderEvent } from "~/modules/orders/order-records.server";
import {
  PaymentRequestFailed,
  PromptRefused,
  promptRefusedFor,
} from "~/modules/orders/payment-asked.server";
import { describeProvider } from "~/modules/payments/catalogue";
import type { PaymentProvider } from "~/modules/payments/provider";
import type { PaymentProviders } from "~/modules/payments/registry";
import { countAttempt, type Limit } from "~/modules/throttle/throttle.server";
import { type Language, pathIn } from "~/utils/language";
import { recordOrderCreated } from "~/utils/metrics.server";

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
  checkRequest(requested);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      // The price at this moment: a sale that ended since the page was read no longer applies.
      price: priceNow,
      regularPrice: products.price,
      category: products.category,
      sizes: products.sizes,
      inStock: products.inStock,
    })
    .from(products)
    .where(inArray(products.id, requestedIds(requested)));
  return priceLines(requested, rows, method, freeDeliveryOver);
}

/**
 * The order priced with the discount code the shopper applied, checked at this moment against
 * these lines; a code that no longer applies is refused with its sentence (the shopper removes it
 * or fixes the cart), never silently dropped.
 */
async function withCode(
  db: Db,
  priced: PricedOrder,
  input: Pick<PlaceOrder, "discountCode" | "clientAddress" | "freeDeliveryOver">,
  method: string,
): Promise<PricedOrder> {
  const { discountCode: typed, freeDeliveryOver } = input;
  if (!typed) return priced;
  const answer = await triedOffer(db, typed, priced.lines, input.clientAddress);
  if (!answer.ok) {
    throw answer.tooMany
      ? new CheckoutError(answer.error, 429, "RESOURCE_EXHAUSTED", "discountCode")
      : new CheckoutError(answer.error, 409, "ABORTED", "discountCode");
  }
  return withOffer(priced, answer.offer, method, freeDeliveryOver);
}

type PlaceOrder = {
  form: Record<string, unknown>;
  items: RequestedItem[];
  /** The language the shopper checked out in: the order's messages speak it. */
  language?: Language;
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
  /** The discount code the shopper applied, as typed; checked again here. */
  discountCode?: string;
  /** Another M-Pesa number for the prompt than the phone given for the order, as typed. */
  payerPhone?: unknown;
  /**
   * The shopper's address, for a checkout from the internet: when given, checkouts are limited
   * per address, cart and phone number (CHECKOUTS_PER_ADDRESS, _CART, _PHONE).
   */
  clientAddress?: string;
  /** How long the order holds its units, and how many one shopper may hold (STOCK_HOLD_*). */
  hold?: HoldTerms;
  /** What the shopper's and the owner's messages need, for an order a code pays in full. */
  messages?: Parameters<typeof completePaidByCode>[1];
};

/**
 * Checkout: validate, price from the database, create the order as Pending with its units held
 * (one transaction: a line the shelf cannot fill creates nothing and is named to the shopper), ask
 * the chosen provider for the order's first payment attempt, and answer where to send the
 * shopper: the provider's page, or the shop's page that waits while they pay on their phone. A
 * provider that cannot be reached leaves the order Failed with the reason, its units given back.
 *
 * A checkout from a cart is idempotent: the same submission again (a double tap, a retry after an
 * error or after the server stopped half-way) finds the order it placed, while that order is
 * Pending or was never sent to its provider, and answers the same payment page or asks for one
 * again, instead of placing a second order.
 */
export async function placeOrder(
  database: Pick<DatabaseHandle, "db" | "lockWhile">,
  providers: PaymentProviders,
  input: PlaceOrder,
): Promise<{ orderId: string; redirectUrl: string; paid?: true }> {
  const { db } = database;
  if (input.provider !== undefined && !providers.has(input.provider)) {
    throw new CheckoutError(msg.providerUnavailable, 400, "INVALID_ARGUMENT", "paymentProvider");
  }
  const provider = input.provider === undefined ? providers.default : providers.get(input.provider);
  const checked = validateCheckout(input.form);
  if (!checked.ok) throw new CheckoutError(checked.message, 400, "INVALID_ARGUMENT", checked.field);
  const customer: CheckoutData = checked.data;
  const payerPhone = describeProvider(provider.name)?.asksPayerPhone
    ? readPayerPhone(input.payerPhone)
    : undefined;
  const priced = await withCode(
    db,
    await priceItems(db, input.items, customer.deliveryMethod, input.freeDeliveryOver),
    input,
    customer.deliveryMethod,
  );
  if (input.clientTotal !== undefined && input.clientTotal !== priced.total) {
    throw new CheckoutError(msg.pricesChanged, 409, "ABORTED");
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

  const hold = input.hold ?? { minutes: DEFAULT_STOCK_HOLD_MINUTES, limits: DEFAULT_HOLD_LIMITS };
  let open = key ? await findOpenOrder(db, key) : undefined;
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
      await countCheckout(db, input.clientAddress, input.cartId, customer.phone, {
        provider,
        payerPhone,
      });
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
      open = { id: created };
    } else {
      // The same submission, placed a moment ago by a request running alongside this one.
      open = key ? await findOpenOrder(db, key) : undefined;
      if (!open) throw new CheckoutError(msg.alreadyOnItsWay, 409, "ABORTED");
    }
  }

  // Nothing to pay (a code worth the whole order): paid at once, no provider asked for nothing.
  if (priced.total === 0) return paidByCode(db, open.id, input);

  try {
    const answer = await requestPayment(database, {
      orderId: open.id,
      provider,
      mode: "resume",
      ...(payerPhone ? { payerPhone } : {}),
      publicUrl: input.publicUrl,
      shopName: input.shopName,
      hold,
    });
    return { orderId: answer.orderId, redirectUrl: answer.redirectUrl };
  } catch (error) {
    if (error instanceof NotEnoughStockError)
      throw new CheckoutError(error.message, 409, "ABORTED");
    if (error instanceof HoldRefused) {
      throw new CheckoutError(error.message, 429, "RESOURCE_EXHAUSTED");
    }
    if (error instanceof PaymentRequestFailed && error.reason === "paid") {
      throw new CheckoutError(msg.alreadyPaid, 409, "ABORTED");
    }
    if (error instanceof PromptRefused) {
      const field = payerPhone ? "payerPhone" : undefined;
      throw new CheckoutError(error.message, 429, "RESOURCE_EXHAUSTED", field);
    }
    if (error instanceof PaymentRequestFailed) {
      throw new CheckoutError(msg.paymentFailed, 502, "UNAVAILABLE");
    }
    throw error;
  }
}

/** The M-Pesa number the shopper typed for the prompt, when it differs from their phone. */
function readPayerPhone(value: unknown): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const checked = payerPhoneSchema.safeParse(value);
  if (!checked.success) {
    throw new CheckoutError(
      checked.error.issues[0]?.message ?? CHECKOUT_MESSAGES.payerPhone,
      400,
      "INVALID_ARGUMENT",
      "payerPhone",
    );
  }
  return checked.data;
}

/**
 * Counts a checkout from the internet against its address's, cart's and phones' limits: the
 * order's phone and, when it is another, the M-Pesa number it prompts (a stranger naming a victim
 * as payer uses up the victim's share, not only their own). A number that may not be prompted now
 * is refused first, with its sentence, before any order is placed or counted.
 */
async function countCheckout(
  db: Db,
  address: string,
  cartId: string | null,
  phone: string,
  payment: { provider: PaymentProvider; payerPhone: string | undefined },
) {
  const prompted = payment.payerPhone ?? phone;
  const refusal = await promptRefusedFor(db, payment.provider, null, prompted);
  if (refusal) {
    const field = payment.payerPhone ? "payerPhone" : undefined;
    throw new CheckoutError(new PromptRefused(refusal).message, 429, "RESOURCE_EXHAUSTED", field);
  }
  const byAddress = await countAttempt(db, CHECKOUTS_PER_ADDRESS, address);
  if (!byAddress.allowed) throw new CheckoutError(msg.tooManyCheckouts, 429, "RESOURCE_EXHAUSTED");
  const byShopper = await Promise.all([
    ...(cartId ? [countAttempt(db, CHECKOUTS_PER_CART, cartId)] : []),
    ...[...new Set([phone, prompted])].map((p) => countAttempt(db, CHECKOUTS_PER_PHONE, p)),
  ]);
  if (byShopper.some((attempt) => !attempt.allowed)) {
    throw new CheckoutError(msg.tooManyCheckoutsForShopper, 429, "RESOURCE_EXHAUSTED");
  }
}

/**
 * Creates the Pending order with its code's use and its units held (its payment is asked for
 * next). Answers its id, or null when an open order with the same key already exists. A line the shelf cannot fill rolls it all back
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
    hold: HoldTerms;
  },
): Promise<string | null> {
  const { priced, customer } = o;
  return refusingShortLines(() =>
    db.transaction(async (tx) => {
      const orderId = await insertOrder(tx, {
        amount: priced.total,
        items: priced.items,
        customerName: customer.name,
        customerPhone: customer.phone,
        customerEmail: customer.email,
        address: customer.address,
        city: customer.city,
        notes: customer.notes,
        deliveryMethod: customer.deliveryMethod,
        deliveryFee: priced.fee,
        discountCode: priced.offer.code,
        discount: priced.offer.discount,
        pickupLocation: customer.pickupLocation,
        cartId: o.input.cartId,
        clientAddress: o.input.clientAddress ?? null,
        language: o.input.language ?? "en",
        retryOf: o.input.retryOf ?? null,
        paymentProvider: o.provider,
        idempotencyKey: o.key,
      });
      if (!orderId) return null;
      if (priced.offer.code) {
        await holdCodeUse(tx, {
          code: priced.offer.code,
          orderId,
          phone: customer.phone,
          // The M-Pesa number asked to pay is the customer too (per-customer limits).
          payerPhone: describeProvider(o.provider)?.asksPayerPhone
            ? readPayerPhone(o.input.payerPhone)
            : undefined,
        });
      }
      await recordOrderEvent(tx, {
        orderId,
        kind: "created",
        details: {
          amount: priced.total,
          subtotal: priced.subtotal,
          deliveryFee: priced.fee,
          ...(priced.offer.code
            ? { discountCode: priced.offer.code, discount: priced.offer.discount }
            : {}),
          items: priced.items.length,
        },
      });
      await holdPieces(tx, { id: orderId, items: priced.items }, o.hold, "checkout");
      return orderId;
    }),
  );
}

/**
 * Runs a transaction that holds units and a code's use; a line the shelf cannot fill, or a code
 * used up meanwhile, becomes the shopper's 409.
 */
async function refusingShortLines<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof NotEnoughStockError) {
      throw new CheckoutError(error.message, 409, "ABORTED");
    }
    if (error instanceof HoldRefused) {
      throw new CheckoutError(error.message, 429, "RESOURCE_EXHAUSTED");
    }
    if (error instanceof CodeRefused) {
      throw new CheckoutError(error.message, 409, "ABORTED", "discountCode");
    }
    throw error;
  }
}

/**
 * An order its code pays in full: paid at once, and the shopper goes straight to the order's own
 * page (in the order's language), as after a completed payment.
 */
async function paidByCode(db: Db, orderId: string, input: PlaceOrder) {
  if (!input.messages) throw new Error("An order paid by its code needs the messages' settings.");
  if (!(await completePaidByCode(db, input.messages, orderId))) {
    throw new CheckoutError(msg.alreadyOnItsWay, 409, "ABORTED");
  }
  const order = await orderPageOf(db, orderId);
  const page = pathIn(order!.language, `/orders/${order!.token}`);
  return { orderId, redirectUrl: `${input.publicUrl}${page}`, paid: true as const };
}
