import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderEvents, orders, paymentAttempts, refunds } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { providerLabel } from "~/modules/payments/provider-labels";
import { countAttempt, type Limit, uncountAttempt } from "~/modules/throttle/throttle.server";
import { type FulfilmentState, isFulfilmentState } from "~/terms/fulfilment-states";
import { orderReference } from "~/terms/order-reference";
import { normaliseKenyanPhone } from "~/terms/phone";
import { nairobiDay } from "~/utils/dates";
import { expectedDays } from "./expected-day";
import { fulfilmentPath } from "./fulfilment-rules";
import { packingLines } from "./refund-rules";
import { amountInDoubt, paidInFull } from "./settlement-rules";

/** A tracking token as the shop makes them: 22 URL-safe characters, or 64 hex for older orders. */
const TOKEN = /^(?:[A-Za-z0-9_-]{22}|[0-9a-f]{64})$/;
/** An order reference as the shop shows it: the first 8 characters of its id. */
const REFERENCE = /^[0-9a-f]{8}$/;

export { orderReference };

/** `checking`: the provider says completed, but for another amount: the owner looks first. */
export type PaymentFact = "paid" | "confirming" | "checking" | "failed";

/**
 * What the shopper's tracking page shows, its words in the request's language: the payment as the
 * provider reported it (never an admin's status), the parcel's steps with their times, the items,
 * delivery and total. Nothing about the shopper beyond what the order's own page needs, and
 * nothing of other orders. A payment still waiting can be made again from the browser whose cart
 * placed the order (`cartId`).
 */
export async function trackedOrder(
  db: Db,
  token: string,
  cartId: string | null = null,
  now = new Date(),
) {
  if (!TOKEN.test(token)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.trackingToken, token));
  if (!order) return null;
  const events = await db
    .select({ at: orderEvents.createdAt, details: orderEvents.details })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "fulfilment_changed")))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const reached = new Map<string, { at: string; note: string | null }>();
  for (const e of events) {
    if (!isFulfilmentState(e.details.to)) continue;
    const note = typeof e.details.note === "string" && e.details.note ? e.details.note : null;
    reached.set(e.details.to, { at: e.at.toISOString(), note });
  }
  const current = order.fulfilmentState;
  const path = fulfilmentPath(order.deliveryMethod);
  const currentAt = current ? path.indexOf(current) : -1;
  const payment = paymentFact(order);
  const paidAs = payment === "paid" ? null : await paidOrderOfPurchase(db, order);
  // Pieces given back (not by a refund the provider refused): their lines are marked refunded.
  const given =
    order.refunded > 0
      ? await db
          .select({ lines: refunds.lines })
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), ne(refunds.state, "failed")))
      : [];
  return {
    reference: orderReference(order.id),
    /** The language it was placed in: its page is shown in it, wherever the link was opened. */
    language: order.language,
    placedAt: order.createdAt.toISOString(),
    payment,
    provider: providerLabel(order.paymentProvider),
    /** Another order of the same purchase was paid: this one needs nothing more. */
    paidAs,
    /**
     * The attempt 'Pay again' pays this same order with: for an unpaid order, and only for the
     * cart that placed it (a failed payment's message links here).
     */
    payAgain:
      (payment === "confirming" || payment === "failed") &&
      !paidAs &&
      cartId !== null &&
      order.cartId === cartId &&
      order.paymentReference
        ? await countingAttempt(db, order.paymentProvider, order.paymentReference)
        : null,
    steps: path.map((state, i) => ({
      state,
      label: msg.trackSteps[state] ?? state,
      status: stepStatus(i, currentAt, state),
      at: reached.get(state)?.at ?? null,
      note: reached.get(state)?.note ?? null,
    })),
    /**
     * When a paid parcel is expected ready or with the shopper (Nairobi days), from when it was
     * paid (the step 'To pack' began then); null once it arrived or when that day has passed.
     */
    expected: expectedFor(order.deliveryMethod, currentAt === path.length - 1, reached, now),
    items: packingLines(order.items, given).map(
      ({ name, size, quantity, price, wasPrice, refunded }) => ({
        name,
        size,
        quantity,
        price,
        ...(wasPrice ? { wasPrice } : {}),
        ...(refunded ? { refunded } : {}),
      }),
    ),
    delivery: {
      methodId: order.deliveryMethod,
      method: msg.deliveryMethods[order.deliveryMethod] ?? order.deliveryMethod,
      pickup: order.deliveryMethod === "pickup",
      pickupLocation: order.pickupLocation,
      address: order.address,
      city: order.city,
      fee: order.deliveryFee,
    },
    total: order.amount,
    discountCode: order.discountCode,
    discount: order.discount,
    /** Money given back so far, as the shopper reads it: 'Partly refunded: KSh 2,500'. */
    refunded: refundedLine(order.amount, order.refunded),
  };
}

/** The id of the attempt a provider's reference names (its waiting page's), if any. */
async function countingAttempt(db: Db, provider: string, reference: string) {
  const [attempt] = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)));
  return attempt?.id ?? null;
}

/** 'Refunded' or 'Partly refunded', with how much; null when nothing went back. */
const refundedLine = (amount: number, refunded: number) => {
  if (refunded <= 0) return null;
  const label = refunded >= amount ? msg.orderRefunded : msg.orderPartlyRefunded;
  return { label, amount: refunded };
};

export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof trackedOrder>>>;

/**
 * A step as the shopper reads it: done, happening now (only packing is a step that takes a
 * while: 'Sent' and 'Ready for pickup' are done the moment they are reached), or still to come.
 */
function stepStatus(i: number, currentAt: number, state: FulfilmentState) {
  if (i < currentAt || (i === currentAt && state !== "to_pack")) return "done" as const;
  return i === currentAt ? ("now" as const) : ("next" as const);
}

function expectedFor(
  method: string,
  arrived: boolean,
  reached: Map<string, { at: string }>,
  now: Date,
) {
  const paidAt = reached.get("to_pack")?.at;
  if (arrived || !paidAt) return null;
  const days = expectedDays(method, new Date(paidAt));
  return days.to < nairobiDay(now) ? null : days;
}

/** The payment as the provider reported it: never inferred from a status an admin set. */
export function paymentFact(
  order: Pick<
    typeof orders.$inferSelect,
    "paymentStatus" | "paymentReversedAt" | "status" | "amount" | "currency"
  >,
): PaymentFact {
  const state = order.paymentStatus?.state;
  if (paidInFull(order, order.paymentStatus) && !order.paymentReversedAt) return "paid";
  if (amountInDoubt(order, order.paymentStatus) && !order.paymentReversedAt) return "checking";
  if (state === "FAILED" || state === "REVERSED" || order.status === "Failed") return "failed";
  return "confirming";
}

/**
 * The order that paid for this order's purchase, when another one did: a 'Try again' or 'Pay
 * again' (or the order it tried again) that was paid. Its page is linked from this one's.
 */
export async function paidOrderOfPurchase(
  db: Db,
  order: Pick<typeof orders.$inferSelect, "id" | "retryOf">,
) {
  const purchase = order.retryOf ?? order.id;
  const others = await db
    .select({
      id: orders.id,
      trackingToken: orders.trackingToken,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentReversedAt: orders.paymentReversedAt,
      amount: orders.amount,
      currency: orders.currency,
    })
    .from(orders)
    .where(and(or(eq(orders.id, purchase), eq(orders.retryOf, purchase)), ne(orders.id, order.id)))
    .orderBy(desc(orders.createdAt));
  const paid = others.find((o) => paymentFact(o) === "paid");
  return paid
    ? { reference: orderReference(paid.id), trackingPath: `/orders/${paid.trackingToken}` }
    : null;
}

/** Wrong tries at finding an order, per address: as many as login allows. */
export const TRACK_LIMIT: Limit = { name: "track-address", points: 10, windowSeconds: 3600 };

export type LookupAnswer =
  | { found: true; token: string }
  | { found: false; reason: "not-found" | "throttled" };

/**
 * 'Track your order': the reference and the phone number used at checkout find the order. Every
 * try is counted before it is judged; a try that finds its order takes its count back, so only
 * wrong tries use up the address's ten an hour.
 */
export async function findOrderToTrack(
  db: Db,
  input: { reference: string; phone: string; address: string },
): Promise<LookupAnswer> {
  const count = await countAttempt(db, TRACK_LIMIT, input.address);
  if (!count.allowed) return { found: false, reason: "throttled" };
  const reference = input.reference.trim().replace(/^#/, "").toLowerCase();
  const phone = normaliseKenyanPhone(input.phone);
  if (!REFERENCE.test(reference) || !phone) return { found: false, reason: "not-found" };
  const [order] = await db
    .select({ token: orders.trackingToken })
    .from(orders)
    .where(
      and(
        // The id's first 8 characters, as text: ids are uuids, so this matches their prefix.
        sql`${orders.id}::text like ${`${reference}%`}`,
        eq(orders.customerPhone, phone),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return { found: false, reason: "not-found" };
  await uncountAttempt(db, TRACK_LIMIT, input.address);
  return { found: true, token: order.token };
}
