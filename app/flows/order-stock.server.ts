import type { Tx } from "~/db/client.server";
import type { OrderItem } from "~/db/schema";
import {
  holdOrderStock,
  releaseOrderStock,
  sellHeldStock,
  sellReleasedStock,
} from "~/modules/inventory/stock.server";
import type { HoldTerms } from "~/modules/inventory/stock-rules";
import { recordOrderEvent, setOrderStock } from "~/modules/orders/order-records.server";

/**
 * An order's pieces as the flows move them: inventory moves the units and keeps their ledger, the
 * order records where its pieces stand. Each step runs inside the caller's transaction.
 */

/** Holds an order's pieces (or refuses, rolling the caller back); answers whether any are held. */
export async function holdPieces(
  tx: Tx,
  order: { id: string; items: readonly OrderItem[] },
  hold: HoldTerms,
  reason = "checkout",
) {
  const held = await holdOrderStock(tx, order, hold, reason);
  await setOrderStock(
    tx,
    order.id,
    held ? { state: "held", minutes: hold.minutes } : { state: null },
  );
  return held;
}

/** Gives an order's held pieces back to the shelf; its timeline says so when any went back. */
export async function releasePieces(
  tx: Tx,
  orderId: string,
  reason: string,
  adminId: string | null = null,
) {
  const units = await releaseOrderStock(tx, orderId, reason, adminId);
  await setOrderStock(tx, orderId, { state: "released" });
  if (units > 0) {
    await recordOrderEvent(tx, {
      orderId,
      kind: "stock_released",
      details: { reason, units },
      adminId,
    });
  }
  return units;
}

/** A completed payment of an order that holds its pieces: they are the sale. */
export async function sellHeldPieces(tx: Tx, orderId: string) {
  await sellHeldStock(tx, orderId);
  await setOrderStock(tx, orderId, { state: "sold" });
}

/**
 * A completed payment of an order whose hold was released: takes what the shelf has, and answers
 * (and records on the order) the lines it could not fill.
 */
export async function sellReleasedPieces(
  tx: Tx,
  order: { id: string; items: readonly OrderItem[] },
) {
  const short = await sellReleasedStock(tx, order);
  await setOrderStock(tx, order.id, { state: "sold", short });
  return short;
}
