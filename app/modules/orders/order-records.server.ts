import { eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import type { ShortLine } from "~/terms/stock-states";

/** A line of an order's timeline: what happened, with what, and by which admin if one did it. */
export function recordOrderEvent(
  tx: Tx,
  event: {
    orderId: string;
    kind: string;
    details?: Record<string, unknown>;
    adminId?: string | null;
  },
) {
  return tx.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    details: event.details ?? {},
    adminId: event.adminId ?? null,
  });
}

/**
 * Where an order's pieces stand (inventory's ledger says which and how many): held until some
 * minutes from now, given back, sold (with the lines the shelf could not fill), or none tracked.
 */
export type OrderStock =
  | { state: "held"; minutes: number }
  | { state: "released" }
  | { state: "sold"; short?: ShortLine[] }
  | { state: null };

export function setOrderStock(tx: Tx, orderId: string, stock: OrderStock) {
  const set =
    stock.state === "held"
      ? {
          stockState: "held" as const,
          stockHeldUntil: sql`now() + make_interval(mins => ${stock.minutes})`,
        }
      : stock.state === "sold"
        ? {
            stockState: "sold" as const,
            stockHeldUntil: null,
            ...(stock.short ? { stockShort: stock.short.length ? stock.short : null } : {}),
          }
        : { stockState: stock.state, stockHeldUntil: null };
  return tx.update(orders).set(set).where(eq(orders.id, orderId));
}
