import { and, eq, sql } from "drizzle-orm";
import type { DatabaseHandle, Db, Tx } from "~/db/client.server";
import { orderEvents, orders, paymentAttempts } from "~/db/schema";
import { holdPieces, releasePieces } from "~/flows/order-stock.server";
import { msg } from "~/i18n/messages";
import { itemCount } from "~/modules/cart/cart-rules";
import type { HoldTerms } from "~/modules/inventory/stock-rules";
import { PROVIDER_DESCRIPTIONS } from "~/modules/payments/catalogue";
import {
  merchantReference,
  PaymentError,
  type PaymentFailure,
  type PaymentProvider,
} from "~/modules/payments/provider";
import { pathIn } from "~/utils/language";
import { logger } from "~/utils/logger.server";
import {
  closeAttempt,
  type PaymentAttempt,
  promptsToNumber,
} from "../modules/orders/payment-attempts.server";
import {
  minutesToWait,
  PROMPT_WINDOW_MS,
  PROMPTS_PER_NUMBER,
  type PromptRefusal,
  promptRefusal,
} from "../modules/orders/prompt-rules";
import { orderReference } from "../terms/order-reference";

export type PaymentAsk = {
  orderId: string;
  provider: PaymentProvider;
  /**
   * `resume`: the same checkout again answers the open attempt's page when it has one;
   * `new`: the shopper asked for another attempt ('Send the prompt again', 'Pay another way').
   */
  mode: "resume" | "new";
  /** The M-Pesa number to ask, when the shopper typed one. */
  payerPhone?: string;
  publicUrl: string;
  shopName: string;
  /** How long the order holds its units, and how many one shopper may hold. */
  hold: HoldTerms;
};

export type PaymentAnswer =
  | { orderId: string; redirectUrl: string }
  /** The provider refused the attempt for a reason of the shopper's (their phone is busy). */
  | { orderId: string; redirectUrl: string; failure: PaymentFailure };

/** Why a payment request could not be made; the checkout words it for the shopper. */
export class PaymentRequestFailed extends Error {
  constructor(readonly reason: "unavailable" | "paid" | "gone") {
    super(reason);
  }
}

/**
 * No prompt goes to this M-Pesa number now (another order's is on the phone, or the hour's are
 * used up); the message is the shopper's sentence, in the request's language.
 */
export class PromptRefused extends Error {
  constructor(readonly refusal: PromptRefusal) {
    super(
      refusal.reason === "open"
        ? msg.promptOpenOnNumber
        : msg.promptsPerHourUsed(PROMPTS_PER_NUMBER, minutesToWait(refusal.retryAfterMs)),
    );
  }
}

/** The providers that prompt a phone (M-Pesa Express): their prompts are limited per number. */
const PROMPTING = PROVIDER_DESCRIPTIONS.filter((d) => d.asksPayerPhone).map((d) => d.name);
const prompts = (provider: string) => PROMPTING.includes(provider);

/**
 * Whether a prompt to `phone` would be refused now, for `orderId` (null: an order not yet
 * placed). Read without the number's lock: checkout asks before placing an order, so a refused
 * shopper is told at once; requestPayment asks again under the lock, and that answer decides.
 */
export async function promptRefusedFor(
  db: Db | Tx,
  provider: Pick<PaymentProvider, "name" | "attemptExpiresMs">,
  orderId: string | null,
  phone: string,
) {
  if (!prompts(provider.name)) return null;
  const sent = await promptsToNumber(db, phone, PROMPTING, PROMPT_WINDOW_MS);
  return promptRefusal(sent, orderId, new Date(), provider.attemptExpiresMs ?? PROMPT_WINDOW_MS);
}

/**
 * Asks a provider to take an order's payment, as the order's next attempt. One request per order
 * at a time, across processes: a second waits on the order's lock, then finds the first's answer.
 * Holding the lock also proves that an open attempt with no provider reference was abandoned (its
 * process died half-way), so it is closed and a new one made at once.
 */
export function requestPayment(
  database: Pick<DatabaseHandle, "db" | "lockWhile">,
  ask: PaymentAsk,
): Promise<PaymentAnswer> {
  return database.lockWhile(`payment:${ask.orderId}`, () => requestLocked(database.db, ask));
}

async function requestLocked(db: Db, ask: PaymentAsk): Promise<PaymentAnswer> {
  const { orderId, provider } = ask;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new PaymentRequestFailed("gone");
  if (order.paymentStatus?.state === "COMPLETED" || !["Pending", "Failed"].includes(order.status)) {
    throw new PaymentRequestFailed("paid");
  }
  const [open] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, "open")));
  if (
    open &&
    ask.mode === "resume" &&
    open.provider === provider.name &&
    open.reference &&
    open.redirectUrl
  ) {
    return { orderId, redirectUrl: open.redirectUrl };
  }

  // The number the prompt goes to: the one the shopper typed, else the order's phone.
  const phone = prompts(provider.name) ? (ask.payerPhone ?? order.customerPhone) : null;
  const attempt = await refusingToFlood(db, order, provider.name, () =>
    db.transaction(async (tx) => {
      if (phone) {
        // One request per number at a time, across orders and processes (the lock ends with the
        // transaction): the prompts it counts include every one committed before it.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`prompt:${phone}`}, 0))`,
        );
        const refusal = await promptRefusedFor(tx, provider, orderId, phone);
        if (refusal) throw new PromptRefused(refusal);
      }
      if (open) {
        // Asked for another way, or abandoned half-way: a late payment of it still counts.
        await closeAttempt(tx, open.id, open.reference ? "replaced" : "failed");
      }
      const [claimed] = await tx
        .update(orders)
        .set({
          paymentAttempts: sql`${orders.paymentAttempts} + 1`,
          paymentRequestedAt: new Date(),
          status: "Pending",
          nextCheckAt: sql`now() + interval '5 minutes'`,
        })
        .where(eq(orders.id, orderId))
        .returning({ number: orders.paymentAttempts });
      const number = claimed!.number;
      // Units it still holds wait as long again; units it gave back are taken again, or the shopper
      // is told which line is short or held by someone paying (the whole transaction is undone).
      if (order.stockState === "held") {
        await tx
          .update(orders)
          .set({ stockHeldUntil: sql`now() + make_interval(mins => ${ask.hold.minutes})` })
          .where(eq(orders.id, orderId));
      } else if (order.stockState === "released") {
        await holdPieces(tx, { id: orderId, items: order.items }, ask.hold, "payment tried again");
      }
      if (number > 1) {
        await tx.insert(orderEvents).values({
          orderId,
          kind: "checkout_resumed",
          details: { attempt: number, provider: provider.name },
        });
      }
      const [made] = await tx
        .insert(paymentAttempts)
        .values({
          orderId,
          number,
          provider: provider.name,
          amount: order.amount,
          phone: phone ?? ask.payerPhone ?? null,
        })
        .returning();
      return made!;
    }),
  );

  // The shopper comes back to pages in the order's language.
  const waitingUrl = `${ask.publicUrl}${pathIn(order.language, `/pay/${attempt.id}`)}`;
  try {
    const count = itemCount(order.items);
    const { reference, redirectUrl } = await provider.submitOrder({
      orderId,
      merchantReference: merchantReference(orderId, attempt.number),
      orderReference: orderReference(orderId),
      amount: order.amount,
      currency: "KES",
      // Each provider cuts it to its own limit.
      description: `${ask.shopName} order of ${count} ${count === 1 ? "item" : "items"}`,
      payee: ask.shopName,
      callbackUrl: `${ask.publicUrl}${pathIn(order.language, "/order-success")}`,
      customer: {
        name: order.customerName,
        email: order.customerEmail,
        phone: order.customerPhone,
        address: order.address,
        city: order.city,
      },
      token: attempt.token,
      waitingUrl,
      ...(ask.payerPhone ? { payerPhone: ask.payerPhone } : {}),
    });
    await db.transaction(async (tx) => {
      await tx
        .update(paymentAttempts)
        .set({ reference, redirectUrl })
        .where(eq(paymentAttempts.id, attempt.id));
      await tx
        .update(orders)
        .set({
          paymentProvider: provider.name,
          paymentReference: reference,
          paymentRedirectUrl: redirectUrl,
          // A new attempt is asked about afresh (a payment's answer is per attempt).
          paymentStatus: null,
        })
        .where(eq(orders.id, orderId));
      await tx.insert(orderEvents).values({
        orderId,
        kind: "payment_requested",
        details: { provider: provider.name, reference, attempt: attempt.number },
      });
    });
    return { orderId, redirectUrl };
  } catch (error) {
    const failure = error instanceof PaymentError ? error.failure : undefined;
    const reason = error instanceof PaymentError ? error.message : "unexpected error";
    logger.error({ err: error, orderId, provider: provider.name }, "payment request failed");
    await failRequest(db, attempt, provider.name, reason, failure);
    if (failure) return { orderId, redirectUrl: waitingUrl, failure };
    throw new PaymentRequestFailed("unavailable");
  }
}

/**
 * Runs the transaction that makes the attempt. A prompt refused to the number of an order never
 * sent to a provider (checkout placed it a moment ago, racing another order for the number) fails
 * that order at once, its units back on sale: a refused order holds nothing. The shopper's same
 * checkout again resumes it.
 */
async function refusingToFlood<T>(
  db: Db,
  order: { id: string; status: string; paymentReference: string | null },
  provider: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PromptRefused && order.status === "Pending" && !order.paymentReference) {
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(orders)
          .set({ status: "Failed", paymentRequestedAt: null })
          .where(and(eq(orders.id, order.id), eq(orders.status, "Pending")))
          .returning({ stockState: orders.stockState });
        if (!failed) return;
        await tx.insert(orderEvents).values({
          orderId: order.id,
          kind: "payment_request_failed",
          details: { provider, reason: "not sent, as that M-Pesa number had too many prompts" },
        });
        if (failed.stockState === "held") {
          await releasePieces(tx, order.id, "M-Pesa number not prompted");
        }
      });
    }
    throw error;
  }
}

/**
 * A request the provider did not take: the attempt fails, and the order with it; nobody can pay
 * it now, so its units go back on sale (the next attempt takes them again).
 */
async function failRequest(
  db: Db,
  attempt: Pick<PaymentAttempt, "id" | "orderId" | "number" | "amount">,
  provider: string,
  reason: string,
  failure: PaymentFailure | undefined,
) {
  const orderId = attempt.orderId;
  await db.transaction(async (tx) => {
    // Refused for a reason of the shopper's: the attempt says why, in the provider's terms.
    await closeAttempt(tx, attempt.id, "failed", {
      ...(failure
        ? {
            status: {
              state: "FAILED",
              amount: attempt.amount,
              currency: "KES",
              merchantReference: merchantReference(orderId, attempt.number),
              paymentMethod: null,
              confirmationCode: null,
              description: reason,
              failure,
            },
          }
        : {}),
    });
    // The claim is let go, so the shopper's "try again" can ask at once.
    const [order] = await tx
      .update(orders)
      .set({ status: "Failed", paymentRequestedAt: null })
      .where(eq(orders.id, orderId))
      .returning({ stockState: orders.stockState });
    await tx.insert(orderEvents).values({
      orderId,
      kind: "payment_request_failed",
      details: { provider, reason },
    });
    if (order?.stockState === "held") {
      await releasePieces(tx, orderId, "payment provider unreachable");
    }
  });
}
