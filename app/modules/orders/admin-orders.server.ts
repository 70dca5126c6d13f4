import {
  and,
  asc,
  desc,
  eq,
  ilike,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messages, ORDER_STATUSES, orderEvents, orders, refunds, user } from "~/db/schema";
import { deliveryMethodName } from "~/modules/messages/message-texts";
import { providerCanRefund } from "~/modules/payments/catalogue";
import { paymentMethodLabel, providerLabel } from "~/modules/payments/provider-labels";
import { FULFILMENT_LABELS } from "~/terms/fulfilment-states";
import { normaliseKenyanPhone } from "~/terms/phone";
import type { RefundLine } from "~/terms/refund-states";
import { pageNumber } from "~/utils/page-number";
import { isUuid } from "~/utils/uuid";
import { nextFulfilmentStates } from "./fulfilment-rules";
import { linesLeft, packingLines, packingWarning, refundLabel } from "./refund-rules";
import { amountInDoubt, paidInFull } from "./settlement-rules";
import { paymentFact } from "./tracking.server";

export { unpaidWarning } from "./status-warning";

export const ORDERS_PAGE_SIZE = 20;
export const STATUS_FILTERS = ["all", ...ORDER_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type OrderSort = "newest" | "oldest";
export const SECTIONS = ["completed", "failed", "other"] as const;
export type SectionId = (typeof SECTIONS)[number];

const SECTION_WHERE: Record<SectionId, SQL> = {
  completed: eq(orders.status, "Completed"),
  failed: eq(orders.status, "Failed"),
  other: notInArray(orders.status, ["Completed", "Failed"]),
};

export type OrdersQuery = {
  status: StatusFilter;
  /**
   * 'to_pack': only paid orders waiting to be packed (one tap from the default view);
   * 'attention': the orders the owner must look at (needsAttention).
   */
  view: "all" | "to_pack" | "attention";
  /** An order reference, a phone number or part of a name. */
  q: string;
  sort: OrderSort;
  pages: Record<SectionId, number>;
};

const VIEWS = ["to_pack", "attention"] as const;

export function parseOrdersQuery(search: URLSearchParams): OrdersQuery {
  const status = (STATUS_FILTERS as readonly string[]).includes(search.get("status") ?? "")
    ? (search.get("status") as StatusFilter)
    : "all";
  const page = (name: string) => pageNumber(search.get(name), 100_000);
  return {
    status,
    view: VIEWS.find((v) => v === search.get("view")) ?? "all",
    q: (search.get("q") ?? "").trim().slice(0, 60),
    sort: search.get("sort") === "oldest" ? "oldest" : "newest",
    pages: {
      completed: page("completedPage"),
      failed: page("failedPage"),
      other: page("otherPage"),
    },
  };
}

/**
 * The orders tab: three sections (Completed, Failed, the rest), each counted over the whole filter
 * and paged on its own in SQL, so thousands of orders stay fast.
 */
export async function orderSections(db: Db, query: OrdersQuery) {
  const filter = statusFilter(query);
  const order = sortOrder(query);
  // The three counts in one pass, beside the three pages.
  const [[counts], ...pages] = await Promise.all([
    db
      .select({
        completed: countWhere(SECTION_WHERE.completed),
        failed: countWhere(SECTION_WHERE.failed),
        other: countWhere(SECTION_WHERE.other),
      })
      .from(orders)
      .where(filter),
    ...SECTIONS.map((section) =>
      db
        .select()
        .from(orders)
        .where(and(filter, SECTION_WHERE[section]))
        .orderBy(...order)
        .limit(ORDERS_PAGE_SIZE)
        .offset((query.pages[section] - 1) * ORDERS_PAGE_SIZE),
    ),
  ]);
  // Only what the list shows: each order's own page loads its timeline, messages and refunds.
  const section = (id: SectionId, rows: (typeof orders.$inferSelect)[]) => ({
    total: counts?.[id] ?? 0,
    page: query.pages[id],
    rows: rows.map(toAdminOrder),
  });
  return Object.fromEntries(SECTIONS.map((id, i) => [id, section(id, pages[i]!)])) as Record<
    SectionId,
    ReturnType<typeof section>
  >;
}

/** How many rows match `where`, counted within a larger query. */
export const countWhere = (where: SQL) =>
  sql<number>`count(*) filter (where ${where})`.mapWith(Number);

/** What the owner typed: the start of a reference, a phone number, or part of a name. */
function searchFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const reference = q.replace(/^#/, "").toLowerCase();
  const digits = q.replace(/\D/g, "");
  const phone = normaliseKenyanPhone(q) ?? (digits.length >= 4 ? digits : null);
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return or(
    /^[0-9a-f]{4,8}$/.test(reference) ? sql`${orders.id}::text like ${`${reference}%`}` : undefined,
    phone ? sql`${orders.customerPhone} like ${`%${phone}%`}` : undefined,
    ilike(orders.customerName, `%${escaped}%`),
  );
}

/**
 * Paid orders to pack: a payment reversed, or refunded in full, before the parcel left takes its
 * order out.
 */
const waitingToBePacked = and(
  eq(orders.fulfilmentState, "to_pack"),
  isNull(orders.paymentReversedAt),
  lt(orders.refunded, orders.amount),
);

const statusFilter = (query: Pick<OrdersQuery, "status"> & Partial<OrdersQuery>) =>
  and(
    query.status === "all" ? undefined : eq(orders.status, query.status),
    query.view === "to_pack" ? waitingToBePacked : undefined,
    query.view === "attention" ? needsAttention : undefined,
    query.q ? searchFilter(query.q) : undefined,
  );

/**
 * Orders the owner must look at: a payment the provider reversed in the last 30 days (the money
 * went back: is a parcel on its way?), a paid order oversold and not yet refunded in full, and a
 * refund asked of the provider that has had no answer for 10 minutes (the shop stopped while
 * asking: the owner checks with the provider).
 */
const needsAttention = or(
  sql`${orders.paymentReversedAt} > now() - interval '30 days'`,
  // The provider says completed for another amount (or currency) than the order's.
  and(
    eq(orders.status, "Pending"),
    isNull(orders.paymentReversedAt),
    sql`${orders.paymentStatus}->>'state' = 'COMPLETED'`,
    sql`((${orders.paymentStatus}->>'amount')::numeric <> ${orders.amount}
      or upper(${orders.paymentStatus}->>'currency') <> upper(${orders.currency}))`,
  ),
  and(sql`${orders.stockShort} is not null`, lt(orders.refunded, orders.amount)),
  sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id}
    and ${refunds.state} = 'pending' and ${refunds.createdAt} < now() - interval '10 minutes')`,
);

/** How many paid orders wait to be packed, and how many need the owner's attention (the views). */
export async function viewCounts(db: Db) {
  const [row] = await db
    .select({
      toPack: countWhere(waitingToBePacked!),
      attention: countWhere(needsAttention!),
    })
    .from(orders);
  return { toPack: row?.toPack ?? 0, attention: row?.attention ?? 0 };
}

/** How many paid orders wait to be packed, for the 'To pack (n)' view's link. */
export async function toPackCount(db: Db) {
  return (await viewCounts(db)).toPack;
}

const sortOrder = (query: Pick<OrdersQuery, "sort">) =>
  query.sort === "oldest"
    ? [asc(orders.createdAt), asc(orders.id)]
    : [desc(orders.createdAt), desc(orders.id)];

/**
 * Every order the filter shows, in its sort order, a batch at a time, for the CSV export: memory
 * stays flat however many orders there are. Each batch continues after the last order sent
 * (not at an offset), so it reads only its own rows, and an order placed or changed meanwhile
 * cannot make a row appear twice or go missing. The last order's position is read in SQL, at the
 * database's microsecond precision, which a JavaScript Date would round.
 */
export async function* ordersForExport(
  db: Db,
  query: Pick<OrdersQuery, "status" | "sort">,
  batchSize = 500,
): AsyncGenerator<AdminOrder[]> {
  const beyond = sql.raw(query.sort === "oldest" ? ">" : "<");
  let lastId: string | undefined;
  for (;;) {
    const after = lastId
      ? sql`(${orders.createdAt}, ${orders.id}) ${beyond} (select o.created_at, o.id from ${orders} o where o.id = ${lastId})`
      : undefined;
    const rows = await db
      .select()
      .from(orders)
      .where(and(statusFilter(query), after))
      .orderBy(...sortOrder(query))
      .limit(batchSize);
    if (rows.length) yield rows.map(toAdminOrder);
    if (rows.length < batchSize) return;
    lastId = rows.at(-1)!.id;
  }
}

/** An order's refunds, oldest first, with the admin who made each. */
async function orderRefunds(db: Db, orderId: string): Promise<ListedRefund[]> {
  const rows = await db
    .select({
      id: refunds.id,
      at: refunds.createdAt,
      amount: refunds.amount,
      lines: refunds.lines,
      reason: refunds.reason,
      method: refunds.method,
      reference: refunds.reference,
      state: refunds.state,
      failure: refunds.failure,
      admin: user.email,
    })
    .from(refunds)
    .leftJoin(user, eq(user.id, refunds.adminId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(({ at, ...refund }) => ({ ...refund, at: at.toISOString() }));
}

type ListedRefund = Omit<
  typeof refunds.$inferSelect,
  "orderId" | "createdAt" | "updatedAt" | "adminId" | "provider"
> & {
  at: string;
  admin: string | null;
};

/**
 * What an order's details show of its refunds: each refund, the total given back with its label
 * ('Partly refunded'), the pieces left to give back per line, and whether its provider can be
 * asked (the owner records a refund made by hand otherwise).
 */
function refundsOf(row: typeof orders.$inferSelect, list: ListedRefund[]) {
  const given = list.filter((r) => r.state !== "failed");
  return {
    refunds: list,
    refunded: row.refunded,
    refundLabel: refundLabel(row),
    refundLines: linesLeft(row.items, given),
    providerRefunds: Boolean(row.confirmationCode && providerCanRefund(row.paymentProvider)),
    ...packingOf(row, given),
  };
}

/**
 * What goes in the parcel once refunds took pieces back: each line's pieces to send and refunded,
 * what was paid less what went back, and the sentence staff read before packing.
 */
function packingOf(row: typeof orders.$inferSelect, given: readonly { lines: RefundLine[] }[]) {
  const packing = packingLines(row.items, given);
  return {
    packing,
    netPaid: row.amount - row.refunded,
    packingWarning: packingWarning(row, packing),
  };
}

/**
 * An order's page for an account that cannot refund (staff, decision 60): that money went back
 * and which pieces stay out of the parcel, without the refunds' reasons, references or who made
 * them.
 */
export function withoutRefundDetails<T extends { refunds: unknown[] }>(order: T): T {
  return { ...order, refunds: [] };
}

export type TimelineEntry = {
  id: number;
  at: string;
  kind: string;
  details: Record<string, unknown>;
  admin: string | null;
};

/** What happened to an order, oldest first, with the admin who did it (if one did). */
async function orderTimeline(db: Db, orderId: string): Promise<TimelineEntry[]> {
  const events = await db
    .select({
      id: orderEvents.id,
      at: orderEvents.createdAt,
      kind: orderEvents.kind,
      details: orderEvents.details,
      admin: user.email,
    })
    .from(orderEvents)
    .leftJoin(user, eq(user.id, orderEvents.adminId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return events.map(({ at, ...event }) => ({ ...event, at: at.toISOString() }));
}

export type OrderMessage = {
  id: number;
  channel: (typeof messages.$inferSelect)["channel"];
  audience: (typeof messages.$inferSelect)["audience"];
  recipient: string;
  kind: (typeof messages.$inferSelect)["kind"];
  state: (typeof messages.$inferSelect)["state"];
  provider: string | null;
  attempts: number;
  at: string;
};

/** The SMS and emails an order caused, oldest first, with how their delivery went. */
async function orderMessages(db: Db, orderId: string): Promise<OrderMessage[]> {
  const rows = await db
    .select({
      id: messages.id,
      channel: messages.channel,
      audience: messages.audience,
      recipient: messages.recipient,
      kind: messages.kind,
      state: messages.state,
      provider: messages.provider,
      attempts: messages.attempts,
      at: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(asc(messages.id));
  return rows.map(({ at, ...message }) => ({ ...message, at: at.toISOString() }));
}

function toAdminOrder(row: typeof orders.$inferSelect) {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    items: row.items,
    customer: {
      name: row.customerName,
      phone: row.customerPhone,
      email: row.customerEmail,
      address: row.address,
      city: row.city,
      notes: row.notes,
    },
    delivery: {
      /** The method's code, as stored and exported ('pickup', 'matatu', 'rider'). */
      methodId: row.deliveryMethod,
      method: deliveryMethodName(row.deliveryMethod),
      fee: row.deliveryFee,
      pickupLocation: row.pickupLocation,
    },
    // 'N/A' only when the order never had a payment status at all (the spec's details modal).
    paymentMethod: row.paymentMethod ?? (row.paymentStatus ? "Unknown" : "N/A"),
    /** The method as the owner says it ('M-Pesa', 'Visa card'); the CSV keeps the provider's code. */
    paymentMethodLabel: paymentMethodLabel(
      row.paymentMethod ?? (row.paymentStatus ? "Unknown" : "N/A"),
    ),
    confirmationCode: row.confirmationCode,
    paymentProvider: providerLabel(row.paymentProvider),
    /** The provider confirmed its payment (and did not take it back). */
    paid: paymentFact(row) === "paid",
    /** The provider reversed the payment: the order is Failed and no longer counts as revenue. */
    paymentReversed: row.paymentReversedAt !== null,
    /**
     * The provider says completed, but for another amount than the order's: not paid until the
     * owner has checked, or a correct answer came (the shopper reads 'we are checking').
     */
    paymentInDoubt:
      row.paymentReversedAt === null && amountInDoubt(row, row.paymentStatus)
        ? { amount: row.paymentStatus!.amount, currency: row.paymentStatus!.currency }
        : null,
    /** Shillings given back (or being asked back) so far. */
    refunded: row.refunded,
    /** 'Partly refunded' or 'Refunded', beside the parcel's step in the list and on the page. */
    refundLabel: refundLabel(row),
    discountCode: row.discountCode,
    discount: row.discount,
    /** Paid after its units were gone: the lines short, for the owner to refund or restock. */
    oversold: row.stockShort ?? [],
    fulfilment: {
      state: row.fulfilmentState,
      label: row.fulfilmentState ? FULFILMENT_LABELS[row.fulfilmentState] : null,
      note: row.fulfilmentNote,
      /** The steps the owner may move it to: none until its payment is confirmed. */
      next:
        row.fulfilmentState !== null ||
        (paidInFull(row, row.paymentStatus) && row.status !== "Failed")
          ? nextFulfilmentStates(row.deliveryMethod, row.fulfilmentState).map((state) => ({
              state,
              label: FULFILMENT_LABELS[state],
            }))
          : [],
    },
    /** The shopper's own page for the order, to share again if they lost the message. */
    trackingPath: `/orders/${row.trackingToken}`,
    /** The language the shopper's messages speak. */
    language: row.language,
  };
}

export type AdminOrder = ReturnType<typeof toAdminOrder>;

/** One order in full for its page: the admin's view, its timeline, messages and refunds. */
export async function adminOrderPage(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [timeline, sent, given] = await Promise.all([
    orderTimeline(db, id),
    orderMessages(db, id),
    orderRefunds(db, id),
  ]);
  return { ...toAdminOrder(row), timeline, messages: sent, ...refundsOf(row, given) };
}

/**
 * One order as its packing slip shows it, or null for an unknown id: the admin's view with what
 * to send, refunded pieces apart (refunds refused by the provider gave nothing back).
 */
export async function adminOrder(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const given = await db
    .select({ lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.orderId, id), ne(refunds.state, "failed")));
  return { ...toAdminOrder(row), ...packingOf(row, given) };
}

/** Whether the provider confirmed the order's payment, for the status change's question. */
export async function orderIsPaid(db: Db, orderId: string) {
  if (!isUuid(orderId)) return false;
  const [row] = await db
    .select({
      paymentStatus: orders.paymentStatus,
      paymentReversedAt: orders.paymentReversedAt,
      status: orders.status,
      amount: orders.amount,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ? paymentFact(row) === "paid" : false;
}
