import type { DatabaseHandle, Db } from "~/db/client.server";
import { holdPieces, releasePieces } from "~/flows/order-stock.server";
import { itemCount } from "~/modules/cart/cart-rules";
import type { HoldTerms } from "~/modules/inventory/stock-rules";
import {
  claimAttempt,
  extendHold,
  lockNumberForPrompt,
  newAttempt,
  openAttemptOf,
  orderToAsk,
  PaymentRequestFailed,
  PromptRefused,
  paymentRequested,
  paymentRequestFailed,
  promptRefusedFor,
  prompts,
} from "~/modules/orders/payment-asked.server";
import { closeAttempt, type PaymentAttempt } from "~/modules/orders/payment-attempts.server";
import {
  merchantReference,
  PaymentError,
  type PaymentFailure,
  type PaymentProvider,
} from "~/modules/payments/provider";
import { orderReference } from "~/terms/order-reference";
import { pathIn } from "~/utils/language";
import { logger } from "~/utils/logger.server";

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
  const order = await orderToAsk(db, orderId);
  if (!order) throw new PaymentRequestFailed("gone");
  if (order.paymentStatus?.state === "COMPLETED" || !["Pending", "Failed"].includes(order.status)) {
    throw new PaymentRequestFailed("paid");
  }
  const open = await openAttemptOf(db, orderId);
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
        await lockNumberForPrompt(tx, phone);
        const refusal = await promptRefusedFor(tx, provider, orderId, phone);
        if (refusal) throw new PromptRefused(refusal);
      }
      if (open) {
        // Asked for another way, or abandoned half-way: a late payment of it still counts.
        await closeAttempt(tx, open.id, open.reference ? "replaced" : "failed");
      }
      const number = await claimAttempt(tx, orderId);
      // Units it still holds wait as long again; units it gave back are taken again, or the shopper
      // is told which line is short or held by someone paying (the whole transaction is undone).
      if (order.stockState === "held") {
        await extendHold(tx, orderId, ask.hold.minutes);
      } else if (order.stockState === "released") {
        await holdPieces(tx, { id: orderId, items: order.items }, ask.hold, "payment tried again");
      }
      return newAttempt(tx, {
        orderId,
        number,
        provider: provider.name,
        amount: order.amount,
        phone: phone ?? ask.payerPhone ?? null,
      });
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
    await db.transaction((tx) =>
      paymentRequested(tx, attempt, { provider: provider.name, reference, redirectUrl }),
    );
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
        const stock = await paymentRequestFailed(
          tx,
          order.id,
          { provider, reason: "not sent, as that M-Pesa number had too many prompts" },
          true,
        );
        if (stock === "held") await releasePieces(tx, order.id, "M-Pesa number not prompted");
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
    const stock = await paymentRequestFailed(tx, orderId, { provider, reason });
    if (stock === "held") await releasePieces(tx, orderId, "payment provider unreachable");
  });
}
