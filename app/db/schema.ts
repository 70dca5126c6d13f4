import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CodeKind } from "~/terms/discount-kinds";
import type { FulfilmentState } from "~/terms/fulfilment-states";
import type {
  MessageAudience,
  MessageChannel,
  MessageKind,
  MessageState,
} from "~/terms/message-states";
import type { OrderStatus } from "~/terms/order-statuses";
import type { NotificationClaim, PaymentAttemptState, PaymentStatus } from "~/terms/payment-status";
import type { RefundLine, RefundMethod, RefundState } from "~/terms/refund-states";
import type { ShortLine, StockMovementKind, StockState } from "~/terms/stock-states";
import type { Language } from "../utils/language";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** New products continue the sample catalogue's numbering (101..281), so URLs stay short. */
export const productIdSequence = pgSequence("product_id_seq", { startWith: 282 });

export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey().default(sql`nextval('product_id_seq')::text`),
    name: text("name").notNull(),
    description: text("description").notNull(),
    details: text("details"),
    category: text("category").notNull(),
    /** Whole Kenyan shillings. */
    price: integer("price").notNull(),
    originalPrice: integer("original_price"),
    /** A sale: this price (below `price`) from `saleStartsAt` (or now) until `saleEndsAt` (or for good). */
    salePrice: integer("sale_price"),
    saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }),
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    /**
     * The price a shopper pays now: the sale price while a sale runs, else the price. Kept by the
     * database (a trigger on every save, migration 0023) and by the sale clock at each sale's start
     * and end (sale-clock.server.ts), so listings sort and filter by it from an index, and the
     * change moves the catalogue's version like any other.
     */
    sellingPrice: integer("selling_price").notNull().default(0),
    /** Storage keys of processed images; the first is the main image. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    isFeatured: boolean("is_featured").notNull().default(false),
    inStock: boolean("in_stock").notNull().default(true),
    /** When it was last marked featured: Home shows the newest first unless the owner ordered them. */
    featuredAt: timestamp("featured_at", { withTimezone: true }),
    /** The owner's order of the featured products on Home (1 first); null keeps newest first. */
    featuredPosition: integer("featured_position"),
    /**
     * Sold out in every size it offers, kept by the database (triggers on product_stock and on
     * the sizes, migration 0018) so listings can sink sold-out products and still read their
     * indexes in order. The cards' own flags are read from the stock (stock-sql.server.ts).
     */
    soldOut: boolean("sold_out").notNull().default(false),
    /**
     * The owner's 'act now' line: the dashboard counts the product as running low when a size it
     * offers has this many pieces or fewer (sold out included).
     */
    lowStockAt: integer("low_stock_at").notNull().default(2),
    /** What the shop's search box matches: name and description, lower-cased, trigram-indexed. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.name} || ' ' || ${products.description})`),
    /**
     * The same words stemmed in English ('dresses' and 'dress' alike), GIN-indexed, the name's
     * weighted A and the description's D: a search ranks words in the name first.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, ${products.name}), 'A') || setweight(to_tsvector('english'::regconfig, ${products.description}), 'D')`,
      ),
    ...timestamps,
  },
  (t) => [
    index("products_category_name_idx").on(t.category, t.name),
    index("products_featured_idx").on(t.isFeatured, t.name),
    // The shop listing: shown products by category and sort order, sold-out ones last.
    index("products_listing_name_idx").on(t.soldOut, t.name, t.id).where(sql`${t.inStock}`),
    index("products_listing_price_idx")
      .on(t.soldOut, t.sellingPrice, t.id)
      .where(sql`${t.inStock}`),
    index("products_listing_category_name_idx")
      .on(t.category, t.soldOut, t.name, t.id)
      .where(sql`${t.inStock}`),
    index("products_listing_category_price_idx")
      .on(t.category, t.soldOut, t.sellingPrice, t.id)
      .where(sql`${t.inStock}`),
    // The 'On sale' listing and the sale clock's next start or end.
    index("products_sale_idx")
      .on(t.saleStartsAt, t.saleEndsAt)
      .where(sql`${t.salePrice} is not null`),
    index("products_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("products_search_fts_idx").using("gin", t.searchVector),
    check("products_price_nonnegative", sql`${t.price} >= 0`),
    check("products_original_price_nonnegative", sql`${t.originalPrice} >= 0`),
    check("products_sale_below_price", sql`${t.salePrice} >= 0 and ${t.salePrice} < ${t.price}`),
    check("products_sale_ends_after_start", sql`${t.saleEndsAt} > ${t.saleStartsAt}`),
  ],
);

/**
 * Every word of four letters or more that products have used (a trigger on products adds them),
 * trigram-indexed: a misspelt search word is matched against these few thousand words, not
 * against every product's text.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

export { ORDER_STATUSES, type OrderStatus } from "~/terms/order-statuses";

export type OrderItem = {
  productId?: string;
  name: string;
  quantity: number;
  /** What one piece cost; `wasPrice`, its regular price, when it was bought on sale. */
  price: number;
  wasPrice?: number;
  size?: string;
};

export const orders = pgTable(
  "orders",
  {
    /** Also the merchant reference sent to the payment provider. */
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status").$type<OrderStatus>().notNull().default("Pending"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("KES"),
    items: jsonb("items").$type<OrderItem[]>().notNull(),
    customerName: text("customer_name").notNull(),
    /** Normalised to 2547XXXXXXXX / 2541XXXXXXXX. */
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email").notNull(),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    notes: text("notes").notNull().default(""),
    deliveryMethod: text("delivery_method").notNull().default("pickup"),
    deliveryFee: integer("delivery_fee").notNull().default(0),
    /** The discount code the order used (as typed into the code's own spelling), and its shillings off. */
    discountCode: text("discount_code"),
    discount: integer("discount").notNull().default(0),
    pickupLocation: text("pickup_location"),
    paymentMethod: text("payment_method"),
    confirmationCode: text("confirmation_code"),
    /** Which payment provider the order is paid through (a name in the providers' registry). */
    paymentProvider: text("payment_provider").notNull().default("pesapal"),
    /** The provider's reference of the payment, once it has taken the payment request. */
    paymentReference: text("payment_reference"),
    /** Where the provider asked the shopper to pay: the same submission again is sent back there. */
    paymentRedirectUrl: text("payment_redirect_url"),
    /** How many payment requests were made for the order (each with its own merchant reference). */
    paymentAttempts: integer("payment_attempts").notNull().default(0),
    /**
     * When the latest payment request started: the reconciliation fails an order never sent to
     * its provider only once this is 10 minutes old. (One request at a time: the order's lock.)
     */
    paymentRequestedAt: timestamp("payment_requested_at", { withTimezone: true }),
    /** When a payment notification last made the shop ask the provider (one ask per few seconds). */
    statusAskedAt: timestamp("status_asked_at", { withTimezone: true }),
    /**
     * A digest of the cart and the submission that placed the order: the same checkout again finds
     * this order instead of making a second one (see the unique index below).
     */
    idempotencyKey: text("idempotency_key"),
    /** The last payment status the provider reported, in the shop's terms (with its own answer). */
    paymentStatus: jsonb("payment_status").$type<PaymentStatus>(),
    /** When the provider reversed the payment: the order then stays Failed, flagged for admins. */
    paymentReversedAt: timestamp("payment_reversed_at", { withTimezone: true }),
    /**
     * Shillings given back or being asked back (refunds not failed), kept with each refund in its
     * transaction: the database refuses more than the amount paid.
     */
    refunded: integer("refunded").notNull().default(0),
    /** The original document of an imported (legacy) order, normalised on read. */
    raw: jsonb("raw"),
    /** The document id of an imported order in the hosted document database it came from. */
    legacyId: text("legacy_id").unique(),
    /**
     * What the order does to the stock of its tracked lines (see stock_movements): null when none
     * of its lines is tracked, 'held' while its units are set aside for its payment, 'released'
     * once they went back, 'sold' once the payment completed.
     */
    stockState: text("stock_state").$type<StockState>(),
    /** Until when its units are held: a hold not paid by then goes back to the shelf. */
    stockHeldUntil: timestamp("stock_held_until", { withTimezone: true }),
    /**
     * Lines a payment completed for after the units were gone (oversold): the owner refunds or
     * restocks. Null when nothing is short.
     */
    stockShort: jsonb("stock_short").$type<ShortLine[]>(),
    /**
     * What happened to a paid order's parcel (see fulfilment-states): null until the payment is
     * confirmed, then 'to_pack', moved forward by the owner.
     */
    fulfilmentState: text("fulfilment_state").$type<FulfilmentState>(),
    /** The owner's note with the latest step: the matatu Sacco and arrival, the rider's phone. */
    fulfilmentNote: text("fulfilment_note").notNull().default(""),
    fulfilmentUpdatedAt: timestamp("fulfilment_updated_at", { withTimezone: true }),
    /**
     * The secret in the shopper's tracking link (/orders/{token}): 128 random bits, made by the
     * shop (22 URL-safe characters, short enough for an SMS); orders older than the column got
     * 256 bits from the database when it was added.
     */
    trackingToken: text("tracking_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`)
      .$defaultFn(() => randomBytes(16).toString("base64url"))
      .unique(),
    /** The cart (browser) that placed the order: only it sees the customer's details afterwards. */
    cartId: uuid("cart_id"),
    /**
     * The network address the checkout came from, when it came from the internet: the pieces the
     * unpaid orders of one address hold together are bounded (decision 57).
     */
    clientAddress: text("client_address"),
    /** The language the order was placed in ('en' or 'sw'): its messages and pages speak it. */
    language: text("language").$type<Language>().notNull().default("en"),
    /**
     * The first order of the purchase this one tries again ('Try again' or 'Pay again'): a
     * purchase is paid once, by whichever of its orders is paid, and its other orders say so.
     */
    retryOf: uuid("retry_of"),
    /** Reconciliation of orders left Pending: how often the provider was asked, and when next. */
    reconcileAttempts: integer("reconcile_attempts").notNull().default(0),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_reconcile_idx").on(t.nextCheckAt).where(sql`${t.status} = 'Pending'`),
    index("orders_stock_held_idx").on(t.stockHeldUntil).where(sql`${t.stockState} = 'held'`),
    unique("orders_payment_reference_unique").on(t.paymentProvider, t.paymentReference),
    // One open order a submission: Pending, or never sent to its provider (resumable). A payment
    // that completed or failed at the provider frees the key for a new order.
    uniqueIndex("orders_idempotency_key_open_unique")
      .on(t.idempotencyKey)
      .where(sql`${t.status} = 'Pending' or ${t.paymentReference} is null`),
    index("orders_fulfilment_idx").on(t.fulfilmentState, t.createdAt),
    check(
      "orders_refunded_within_amount",
      sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.amount}`,
    ),
    index("orders_retry_of_idx").on(t.retryOf).where(sql`${t.retryOf} is not null`),
    check(
      "orders_fulfilment_state_valid",
      sql`${t.fulfilmentState} in ('to_pack', 'ready_for_pickup', 'sent', 'delivered', 'collected')`,
    ),
    check("orders_stock_state_valid", sql`${t.stockState} in ('held', 'released', 'sold')`),
    check("orders_language", sql`${t.language} in ('en', 'sw')`),
    check(
      "orders_status_valid",
      sql`${t.status} in ('Pending', 'Processing', 'Shipped', 'Completed', 'Failed')`,
    ),
  ],
);

/**
 * Each request an order made to a payment provider: an M-Pesa prompt, sent again, or a Pesapal
 * page after it. At most one is open at a time; the order settles from whichever is proven paid.
 * The order's `payment_provider` and `payment_reference` name the attempt that counts: the
 * latest, or the one that paid.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's nth request: its merchant reference is the order id with "-n" after the first. */
    number: integer("number").notNull(),
    provider: text("provider").notNull(),
    /** The provider's reference (Pesapal's tracking id, M-Pesa's CheckoutRequestID), once taken. */
    reference: text("reference"),
    /** Unguessable: the attempt's callback address and the shopper's waiting page carry it. */
    token: text("token")
      .notNull()
      .unique()
      .$defaultFn(() => randomBytes(24).toString("base64url")),
    state: text("state").$type<PaymentAttemptState>().notNull().default("open"),
    /** The amount asked for, in whole shillings. */
    amount: integer("amount").notNull(),
    /** The M-Pesa number the prompt went to. */
    phone: text("phone"),
    /** Where the shopper pays: the provider's page, or the shop's waiting page. */
    redirectUrl: text("redirect_url"),
    /** What the provider's notification claimed; proven by asking the provider before it counts. */
    claim: jsonb("claim").$type<NotificationClaim>(),
    /** The provider's last answer about this attempt. */
    status: jsonb("status").$type<PaymentStatus>(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique("payment_attempts_reference_unique").on(t.provider, t.reference),
    uniqueIndex("payment_attempts_one_open").on(t.orderId).where(sql`${t.state} = 'open'`),
    index("payment_attempts_order_idx").on(t.orderId, t.number),
    // The prompts asked of one M-Pesa number lately (the per-number limit).
    index("payment_attempts_phone_idx").on(t.phone, t.createdAt),
    index("payment_attempts_unfinished_idx")
      .on(t.createdAt)
      .where(sql`${t.state} in ('open', 'replaced')`),
    check(
      "payment_attempts_state_valid",
      sql`${t.state} in ('open', 'paid', 'failed', 'replaced')`,
    ),
  ],
);

/**
 * Money given back for an order: each refund a row, in full or in part, by amount or by lines
 * (their units back on the shelf or not), asked of the provider, made by hand, or a reversal.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Whole shillings. */
    amount: integer("amount").notNull(),
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    reason: text("reason").notNull(),
    method: text("method").$type<RefundMethod>().notNull(),
    /** The provider that took the payment (and, for method 'provider', was asked). */
    provider: text("provider"),
    /** The M-Pesa or bank reference of a refund made by hand; the provider's answer otherwise. */
    reference: text("reference"),
    state: text("state").$type<RefundState>().notNull(),
    /** Why the provider refused, in its words. */
    failure: text("failure"),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_method", sql`${t.method} in ('provider', 'hand', 'reversal')`),
    check("refunds_state", sql`${t.state} in ('pending', 'done', 'failed')`),
  ],
);

/** An order's timeline: created, sent to its payment provider, settled, changed by an admin. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

export {
  MESSAGE_AUDIENCES,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATES,
  type MessageAudience,
  type MessageChannel,
  type MessageKind,
  type MessageState,
} from "~/terms/message-states";

/**
 * The outbox: every SMS and email the shop sends, written in the same transaction as the change
 * that causes it, then sent by a worker. `dedupeKey` makes the same message for the same cause
 * impossible to write twice (replayed notifications, two processes).
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    kind: text("kind").$type<MessageKind>().notNull(),
    audience: text("audience").$type<MessageAudience>().notNull(),
    channel: text("channel").$type<MessageChannel>().notNull(),
    /** A phone number (2547XXXXXXXX) for SMS, an address for email. */
    recipient: text("recipient").notNull(),
    /** The email's subject; '' for SMS. */
    subject: text("subject").notNull().default(""),
    /** The SMS text, or the email's plain-text part. */
    body: text("body").notNull(),
    /** The email's HTML part; null for SMS. */
    html: text("html"),
    dedupeKey: text("dedupe_key").notNull().unique(),
    state: text("state").$type<MessageState>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt may start (backoff); also when a stuck 'sending' claim lapses. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Which provider took it ('outbox' for the built-in demo outbox), and its message id. */
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    /** The provider's last answer, in a sentence, when an attempt failed. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("messages_created_idx").on(t.createdAt),
    index("messages_order_idx").on(t.orderId),
    index("messages_due_idx").on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sending')`),
    check("messages_state_valid", sql`${t.state} in ('queued', 'sending', 'sent', 'failed')`),
    check("messages_channel_valid", sql`${t.channel} in ('sms', 'email')`),
  ],
);

/**
 * How many of a product are on the shelf, per size ('' for a product without sizes). No row means
 * the size is not tracked: it sells without limit, as before stock existed. The quantity changes
 * only together with a row of stock_movements, so it always equals the sum of their changes.
 */
/**
 * Written by the readiness probe only: emptied and written again, so each probe must give the
 * table a new file and a new block (a full disk fails it, as it fails a real order).
 */
export const healthProbe = pgTable("health_probe", {
  value: text("value").notNull(),
});

export const productStock = pgTable(
  "product_stock",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size] }),
    check("product_stock_quantity_nonnegative", sql`${t.quantity} >= 0`),
  ],
);

export { STOCK_MOVEMENT_KINDS, type StockMovementKind } from "~/terms/stock-states";

/**
 * The stock ledger: every change of a product_stock quantity, with the order or the admin behind
 * it. `change` is what it did to the quantity; `units` how many units it concerned (a hold that
 * becomes a sale is a 'sold' row of 0 change: the units left the shelf when they were held).
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    kind: text("kind").$type<StockMovementKind>().notNull(),
    change: integer("change").notNull(),
    units: integer("units").notNull(),
    /** The quantity on the shelf right after this movement. */
    quantityAfter: integer("quantity_after").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The refund that put units back on the shelf ('returned'). */
    refundId: uuid("refund_id").references(() => refunds.id, { onDelete: "set null" }),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** Why, in a word or two: 'checkout', 'payment failed', 'hold expired', 'sample catalogue'... */
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_product_idx").on(t.productId, t.size, t.id),
    index("stock_movements_order_idx").on(t.orderId),
    check("stock_movements_units_nonnegative", sql`${t.units} >= 0`),
    check("stock_movements_quantity_after_nonnegative", sql`${t.quantityAfter} >= 0`),
    check(
      "stock_movements_kind_change",
      sql`(${t.kind} = 'held' and ${t.change} = -${t.units})
       or (${t.kind} = 'released' and ${t.change} = ${t.units})
       or (${t.kind} = 'sold' and ${t.change} in (0, -${t.units}))
       or (${t.kind} = 'returned' and ${t.change} = ${t.units})
       or (${t.kind} = 'adjusted')`,
    ),
  ],
);

/** A shopper's cart, found by the id in an http-only cookie. */
export const carts = pgTable("carts", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The discount code the shopper applied, checked again on every page and at checkout. */
  discountCode: text("discount_code"),
  ...timestamps,
});

/**
 * The owner's discount codes (decision 46): a percentage or shillings off (or free delivery), an
 * optional minimum order, start and end, limits on uses in all and per customer (by phone), and
 * categories. Uses are not counted here: an order that used a code counts while it is not Failed
 * (held while its payment is awaited, used once paid), so a failed payment gives its use back.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    /** Capitals and digits, without spaces or dashes (normaliseCode). */
    code: text("code").notNull().unique(),
    kind: text("kind").$type<CodeKind>().notNull(),
    value: integer("value").notNull(),
    minOrder: integer("min_order").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    totalLimit: integer("total_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    active: boolean("active").notNull().default(true),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("discount_codes_kind", sql`${t.kind} in ('percent', 'amount', 'free_delivery')`),
    check(
      "discount_codes_value",
      sql`${t.value} >= 0 and (${t.kind} <> 'percent' or ${t.value} between 1 and 100)`,
    ),
    check("discount_codes_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Which order used which code, for whom (the phone the order gave): the uses a limit counts. */
export const discountUses = pgTable(
  "discount_uses",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("discount_uses_code_idx").on(t.codeId, t.phone)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** '' for products without sizes, so (cart, product, size) identifies a line. */
    size: text("size").notNull().default(""),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId, t.size] }),
    check("cart_lines_quantity_range", sql`${t.quantity} between 1 and 99`),
  ],
);

/** Small facts the application keeps about itself (first-run seed done, Pesapal IPN id, ...). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// The tables better-auth uses for back-office accounts: its core schema with its admin plugin's
// fields (a role, 'owner' or 'staff', see auth/roles.ts; `banned` is a disabled account).
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("staff"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** Signs in with an authenticator app's code after the password (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** An account's authenticator app: its secret and recovery codes, encrypted with the auth secret. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** False until the first code from the app is confirmed. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** Login attempt counters, shared by every app process (better-auth's database rate-limit store). */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Throttle counters (rate-limiter-flexible's Drizzle store), shared by every app process: each
 * attempt is counted atomically before it is judged. Login attempts and checkouts use it.
 */
export const throttleCounters = pgTable("throttle_counters", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

/**
 * 'Tell me when it is back': a shopper's phone number waiting for a sold-out product (any size,
 * '') or one of its sizes. One SMS goes through the outbox when it is on the shelf again; the
 * request is then marked notified. A number waits once per product and size.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull().default(""),
    /** 2547XXXXXXXX or 2541XXXXXXXX. */
    phone: text("phone").notNull(),
    /** The language the shopper asked in: the SMS speaks it. */
    language: text("language").$type<Language>().notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_waiting_idx")
      .on(t.productId, t.size, t.phone)
      .where(sql`${t.notifiedAt} is null`),
    check("stock_alerts_language", sql`${t.language} in ('en', 'sw')`),
  ],
);

/**
 * The audit trail: every change made in the back office, written by database triggers in the
 * same transaction as the change (migration 0026), so a change that rolls back leaves no row.
 * An admin's transaction names its actor (audit/acting-as.server.ts); changes without one (a
 * shopper's checkout, a payment) are not the back office's and are not recorded here. Sign-ins
 * are written by the login. `before` and `after` hold only the columns that changed.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** What was changed: product, stock, order, refund, code, account, signin. */
    entity: text("entity").notNull(),
    /** insert, update, delete; for sign-ins: succeeded, failed. */
    action: text("action").notNull(),
    /** The product, order, code or account it concerns (an order's refund: the order). */
    subjectId: text("subject_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at),
    index("audit_events_subject_idx").on(t.entity, t.subjectId, t.at),
    index("audit_events_actor_idx").on(t.actorId, t.at),
  ],
);

/**
 * A number left for 'Tell me when it is back', confirmed by its holder before alerts go to it
 * (issue 40: anyone could make the shop text a stranger). The first SMS carries a link with
 * `token`; until it is opened only that one SMS is sent (again at most once a day). A confirmed
 * number gets at most a few alerts a day: `window_start` and `sent_in_window` count them.
 */
export const stockAlertNumbers = pgTable("stock_alert_numbers", {
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: text("phone").primaryKey(),
  token: text("token")
    .notNull()
    .unique()
    .$defaultFn(() => randomBytes(24).toString("base64url")),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** When the last SMS asking to confirm went out. */
  askedAt: timestamp("asked_at", { withTimezone: true }),
  windowStart: timestamp("window_start", { withTimezone: true }),
  sentInWindow: integer("sent_in_window").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
