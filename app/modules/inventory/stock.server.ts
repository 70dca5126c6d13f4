import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { type OrderItem, orders, productStock, products, stockMovements, user } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { MAX_STOCK, type ShortLine, type StockMovementKind } from "~/terms/stock-states";
import {
  canFill,
  type Holder,
  type HoldTerms,
  holderLimit,
  mayHoldFor,
  notEnoughStockMessage,
  type StockLine,
  stockLines,
  takeForSale,
  unitsHeld,
} from "./stock-rules";

/**
 * Stock on the shelf, changed only here and only together with a row of the ledger
 * (stock_movements), in one statement: a conditional update whose returned row feeds the ledger
 * insert. A hold takes units only where `quantity >= wanted`, so two checkouts racing for the
 * last unit cannot both have it; the check constraint on product_stock is the second fence.
 */

type Exec = Db | Tx;

/**
 * A line the shelf cannot fill; the message names it and says how many are left, or that someone
 * is paying for the last one when unpaid orders hold what it lacks.
 */
export class NotEnoughStockError extends Error {
  constructor(
    readonly line: StockLine,
    readonly left: number,
    readonly held = 0,
  ) {
    super(notEnoughStockMessage(line, left, held));
  }
}

/** An order that would take one shopper past the pieces unpaid orders may hold for them. */
export class HoldRefused extends Error {}

/** An admin's stock change that cannot be made, in a sentence. */
export class StockError extends Error {}

type Movement = {
  productId: string;
  size: string;
  kind: StockMovementKind;
  /** What the movement does to the quantity on the shelf. */
  change: number;
  units: number;
  orderId?: string | null;
  refundId?: string | null;
  adminId?: string | null;
  reason: string;
};

/**
 * Changes a tracked size's quantity by `m.change` and writes the ledger row, in one statement.
 * With `atLeast`, only when the shelf holds at least that many (the change is then never below
 * zero). Answers the quantity after, or null when nothing changed (untracked, or not enough).
 */
async function move(db: Exec, m: Movement, atLeast?: number): Promise<number | null> {
  const result = await db.execute<{ quantity_after: number }>(sql`
    with moved as (
      update ${productStock}
         set quantity = quantity + ${m.change}, updated_at = now()
       where product_id = ${m.productId} and size = ${m.size}
         ${atLeast === undefined ? sql`` : sql`and quantity >= ${atLeast}`}
      returning product_id, size, quantity)
    insert into ${stockMovements}
      (product_id, size, kind, change, units, quantity_after, order_id, refund_id, admin_id, reason)
    select product_id, size, ${m.kind}, ${m.change}, ${m.units}, quantity,
           ${m.orderId ?? null}::uuid, ${m.refundId ?? null}::uuid, ${m.adminId ?? null}, ${m.reason}
      from moved
    returning quantity_after`);
  const row = result.rows[0];
  return row ? Number(row.quantity_after) : null;
}

/** The quantity of one product and size on the shelf; null when it is not tracked. */
async function onShelf(db: Exec, productId: string, size: string, lock = false) {
  const query = db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  const [row] = lock ? await query.for("update") : await query;
  return row ? row.quantity : null;
}

/** Quantities on the shelf for some products, keyed `${productId}:${size}`; untracked are absent. */
export async function stockLevels(db: Exec, productIds: string[]) {
  const levels = new Map<string, number>();
  if (productIds.length === 0) return levels;
  const rows = await db
    .select()
    .from(productStock)
    .where(inArray(productStock.productId, productIds));
  for (const row of rows) levels.set(`${row.productId}:${row.size}`, row.quantity);
  return levels;
}

/**
 * A quick look before placing an order: the first line the shelf cannot fill now, if any. Not a
 * promise (the hold inside the order's transaction decides); it spares a refused shopper the
 * checkout limit and the order insert.
 */
export async function firstUnfilledLine(db: Exec, items: readonly OrderItem[]) {
  const lines = stockLines(items);
  const levels = await stockLevels(db, [...new Set(lines.map((l) => l.productId))]);
  for (const line of lines) {
    const left = levels.get(`${line.productId}:${line.size}`) ?? null;
    if (!canFill(left, line.quantity)) {
      const held = await heldByUnpaidOrders(db, line.productId, line.size);
      return new NotEnoughStockError(line, left ?? 0, held);
    }
  }
  return null;
}

/** Units of a size held now by orders not yet paid (their stock state is 'held'). */
async function heldByUnpaidOrders(db: Exec, productId: string, size: string) {
  const result = await db.execute<{ units: number }>(sql`
    select coalesce(sum(-m.change), 0)::int as units
      from ${stockMovements} m join ${orders} o on o.id = m.order_id
     where m.product_id = ${productId} and m.size = ${size}
       and m.kind in ('held', 'released') and o.stock_state = 'held'`);
  return Number(result.rows[0]?.units ?? 0);
}

const HOLDER_COLUMNS = {
  cart: sql`o.cart_id`,
  phone: sql`o.customer_phone`,
  address: sql`o.client_address`,
} as const;

/** Pieces held now by the unpaid orders of one cart, phone number or address. */
async function heldFor(tx: Tx, holder: Holder, value: string) {
  const result = await tx.execute<{ units: number }>(sql`
    select coalesce(sum(-m.change), 0)::int as units
      from ${stockMovements} m join ${orders} o on o.id = m.order_id
     where o.stock_state = 'held' and ${HOLDER_COLUMNS[holder]}::text = ${value}
       and m.kind in ('held', 'released')`);
  return Number(result.rows[0]?.units ?? 0);
}

/** Every piece of the shop on sale, counted: on the shelf, and held by unpaid orders. */
async function shopUnits(tx: Tx) {
  const result = await tx.execute<{ units: number }>(sql`
    select (select coalesce(sum(s.quantity), 0) from ${productStock} s
              join ${products} p on p.id = s.product_id where p.in_stock)
         + (select coalesce(sum(-m.change), 0) from ${stockMovements} m
              join ${orders} o on o.id = m.order_id
              join ${products} p on p.id = m.product_id
             where o.stock_state = 'held' and m.kind in ('held', 'released') and p.in_stock)
           as units`);
  return Number(result.rows[0]?.units ?? 0);
}

/**
 * Holds the units of every tracked line of an order, inside the transaction that places (or
 * resumes) it (decision 57). Every tracked line must be on the shelf now, or NotEnoughStockError
 * is thrown (saying someone is paying when unpaid orders hold what it lacks) and the caller's
 * transaction rolls back: an order that may be paid always holds its pieces, so the orders that
 * can still be paid for a size never outnumber its pieces. The pieces one cart, phone number or
 * address holds through unpaid orders are bounded (`holderLimit`); past that, HoldRefused.
 * Answers whether it holds units (the order records that: flows/order-stock.server.ts).
 */
export async function holdOrderStock(
  tx: Tx,
  order: { id: string; items: readonly OrderItem[] },
  hold: HoldTerms,
  reason = "checkout",
) {
  const [row] = await tx
    .select({ cart: orders.cartId, phone: orders.customerPhone, address: orders.clientAddress })
    .from(orders)
    .where(eq(orders.id, order.id));
  const holders = (["address", "cart", "phone"] as const)
    .map((holder) => ({ holder, value: row?.[holder] ?? null }))
    .filter((h): h is { holder: Holder; value: string } => Boolean(h.value));
  // One checkout at a time per holder, in one order (address, cart, phone; then the sizes' rows):
  // two checkouts of one shopper cannot both pass the limit, and no two wait on each other.
  for (const { holder, value } of holders) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`hold:${holder}:${value}`}, 0))`,
    );
  }
  const tracked: StockLine[] = [];
  for (const line of stockLines(order.items)) {
    const left = await onShelf(tx, line.productId, line.size, true);
    if (left === null) continue;
    if (left < line.quantity) {
      const held = await heldByUnpaidOrders(tx, line.productId, line.size);
      throw new NotEnoughStockError(line, left, held);
    }
    tracked.push(line);
  }
  const wanted = tracked.reduce((sum, line) => sum + line.quantity, 0);
  if (wanted > hold.limits.perShopper) {
    throw new HoldRefused(msg.holdTooLarge(hold.limits.perShopper));
  }
  if (wanted > 0) {
    for (const { holder, value } of holders) {
      const held = await heldFor(tx, holder, value);
      // Every limit is at least perShopper: only past it is the shop counted for an address's.
      if (mayHoldFor(held, wanted, hold.limits.perShopper)) continue;
      const units = holder === "address" ? await shopUnits(tx) : 0;
      if (!mayHoldFor(held, wanted, holderLimit(holder, hold.limits, units))) {
        throw new HoldRefused(msg.holdLimitReached);
      }
    }
  }
  for (const line of tracked) {
    await move(
      tx,
      {
        productId: line.productId,
        size: line.size,
        kind: "held",
        change: -line.quantity,
        units: line.quantity,
        orderId: order.id,
        reason,
      },
      line.quantity,
    );
  }
  return tracked.length > 0;
}

/** How many of a product's movements its history shows, newest first. */
export const HISTORY_LIMIT = 100;

/**
 * A product's stock history for the owner: its ledger, newest first, each movement with the order
 * or the admin (by email) behind it.
 */
export async function productLedger(db: Exec, productId: string, limit = HISTORY_LIMIT) {
  return db
    .select({
      id: stockMovements.id,
      size: stockMovements.size,
      kind: stockMovements.kind,
      change: stockMovements.change,
      units: stockMovements.units,
      quantityAfter: stockMovements.quantityAfter,
      orderId: stockMovements.orderId,
      adminEmail: user.email,
      reason: stockMovements.reason,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(user, eq(user.id, stockMovements.adminId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
}

/** An order's ledger rows, oldest first. */
export async function orderMovements(db: Exec, orderId: string) {
  return db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.id));
}

/**
 * Gives an order's held units back to the shelf (what its ledger says it holds) (the order records
 * that it was released). Call it with the order row locked and its stock state 'held'. Answers the
 * units returned. A size no longer tracked takes nothing back.
 */
export async function releaseOrderStock(
  tx: Tx,
  orderId: string,
  reason: string,
  adminId: string | null = null,
) {
  let units = 0;
  for (const held of unitsHeld(await orderMovements(tx, orderId))) {
    const after = await move(tx, {
      productId: held.productId,
      size: held.size,
      kind: "released",
      change: held.units,
      units: held.units,
      orderId,
      adminId,
      reason,
    });
    if (after !== null) units += held.units;
  }
  return units;
}

/**
 * A completed payment of an order whose units are held: they are the sale. One 'sold' row of no
 * change per line (the units left the shelf with the hold).
 */
export async function sellHeldStock(tx: Tx, orderId: string) {
  for (const held of unitsHeld(await orderMovements(tx, orderId))) {
    await tx.insert(stockMovements).values({
      productId: held.productId,
      size: held.size,
      kind: "sold",
      change: 0,
      units: held.units,
      quantityAfter: sql`coalesce((select quantity from ${productStock} where product_id = ${held.productId} and size = ${held.size}), 0)`,
      orderId,
      reason: "payment completed",
    });
  }
}

/**
 * A completed payment of an order whose hold was released (the shopper paid after the hold
 * time), or that never held (orders placed before decision 57): each line it had held, or every
 * tracked line, is taken as far as the shelf allows. Lines it cannot fill are answered (the order
 * keeps them as `stock_short`): paid, but oversold; the settlement refunds them at once where the
 * provider can (`flows/refund-short-lines.server.ts`), and the owner sees the rest.
 */
export async function sellReleasedStock(
  tx: Tx,
  order: { id: string; items: readonly OrderItem[] },
): Promise<ShortLine[]> {
  const once = new Set(
    (await orderMovements(tx, order.id))
      .filter((m) => m.kind === "held")
      .map((m) => `${m.productId}:${m.size}`),
  );
  const short: ShortLine[] = [];
  for (const line of stockLines(order.items)) {
    // An order that never held takes every tracked line.
    if (once.size > 0 && !once.has(`${line.productId}:${line.size}`)) continue;
    const left = await onShelf(tx, line.productId, line.size, true);
    if (left === null) continue;
    const { take, short: missing } = takeForSale(left, line.quantity);
    if (take > 0) {
      await move(
        tx,
        {
          productId: line.productId,
          size: line.size,
          kind: "sold",
          change: -take,
          units: take,
          orderId: order.id,
          reason: "payment completed after its hold was released",
        },
        take,
      );
    }
    if (missing > 0) short.push({ ...line, short: missing });
  }
  return short;
}

/**
 * Units a refund takes back go on the shelf again: a 'returned' row naming the order and the
 * refund, by the admin who made it. A size that is not tracked has no shelf to go back to.
 * Answers the quantity after, or null when untracked.
 */
export function returnToStock(
  tx: Tx,
  input: {
    productId: string;
    size: string;
    units: number;
    orderId: string;
    refundId: string;
    adminId: string | null;
  },
) {
  return move(tx, {
    productId: input.productId,
    size: input.size,
    kind: "returned",
    change: input.units,
    units: input.units,
    orderId: input.orderId,
    refundId: input.refundId,
    adminId: input.adminId,
    reason: "refund",
  });
}

/**
 * An admin sets how many of a product's size are on the shelf (tracking it from now on if it
 * was not): one 'adjusted' row with the difference, by that admin, inside the caller's
 * transaction. With `expected` (what the admin's form showed: a count, or null for untracked),
 * the change is made only if the shelf still holds that: a sale between opening the form and
 * saving it is never undone by a save that did not mean to touch it. Answers the new quantity.
 */
export async function adjustStock(
  tx: Tx,
  input: {
    productId: string;
    size: string;
    quantity: number;
    expected?: number | null;
    adminId: string | null;
    reason?: string;
  },
) {
  if (!Number.isInteger(input.quantity) || input.quantity < 0 || input.quantity > MAX_STOCK) {
    throw new StockError(`Please enter a whole number of pieces from 0 to ${MAX_STOCK}.`);
  }
  const started = await tx
    .insert(productStock)
    .values({ productId: input.productId, size: input.size, quantity: 0 })
    .onConflictDoNothing()
    .returning({ size: productStock.size });
  const current = (await onShelf(tx, input.productId, input.size, true)) ?? 0;
  // Expected untracked (null): the row just made is the shelf the form showed.
  if (
    input.expected !== undefined &&
    (input.expected === null ? started.length === 0 : input.expected !== current)
  ) {
    throw new StockError(stockMovedMessage(input.size, current));
  }
  const change = input.quantity - current;
  // Counting starts with a row even at 0, so the history says when and by whom.
  if (change !== 0 || started.length > 0) {
    await move(tx, {
      productId: input.productId,
      size: input.size,
      kind: "adjusted",
      change,
      units: Math.abs(change),
      adminId: input.adminId,
      reason: input.reason ?? "set by an admin",
    });
  }
  return input.quantity;
}

const stockMovedMessage = (size: string, now: number) =>
  size
    ? `The stock of size ${size} changed while you were editing (now ${now}). Please check it and save again.`
    : `The stock changed while you were editing (now ${now}). Please check it and save again.`;

/**
 * An admin stops counting a size: it sells without limit again. The ledger first brings it to 0
 * ('adjusted', by that admin), so if it is tracked again later its ledger still adds up. With
 * `expected`, only if the shelf still holds what the admin's form showed.
 */
export async function stopTracking(
  tx: Tx,
  input: { productId: string; size: string; expected?: number | null; adminId: string | null },
) {
  const current = await onShelf(tx, input.productId, input.size, true);
  if (current === null) return;
  if (input.expected !== undefined && input.expected !== current) {
    throw new StockError(stockMovedMessage(input.size, current));
  }
  if (current !== 0) {
    await move(tx, {
      productId: input.productId,
      size: input.size,
      kind: "adjusted",
      change: -current,
      units: current,
      adminId: input.adminId,
      reason: "no longer tracked",
    });
  }
  await tx
    .delete(productStock)
    .where(and(eq(productStock.productId, input.productId), eq(productStock.size, input.size)));
}

/**
 * An admin sets how many of a product's size are on the shelf, on its own (outside a product
 * save): the size must be one the product has ('' for a product without sizes).
 */
export async function setStock(
  db: Db,
  input: {
    productId: string;
    size: string;
    quantity: number;
    adminId: string | null;
    reason?: string;
  },
) {
  return asAdmin(db, input.adminId, async (tx) => {
    const [product] = await tx
      .select({ sizes: products.sizes })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw new StockError("That product no longer exists.");
    if (product.sizes.length ? !product.sizes.includes(input.size) : input.size !== "") {
      throw new StockError("That size is not one of the product's sizes.");
    }
    return adjustStock(tx, input);
  });
}

/** A product's tracked quantities by size ('' for one without sizes); untracked sizes are absent. */
export async function productLevels(db: Exec, productId: string) {
  const rows = await db
    .select({ size: productStock.size, quantity: productStock.quantity })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  return Object.fromEntries(rows.map((r) => [r.size, r.quantity])) as Record<string, number>;
}

/**
 * Starts tracking many sizes at once (the sample catalogue): a product_stock row and an
 * 'adjusted' ledger row each, so the ledger adds up from the first unit.
 */
export async function startTracking(
  tx: Tx,
  levels: readonly { productId: string; size: string; quantity: number }[],
  reason: string,
) {
  for (let i = 0; i < levels.length; i += 200) {
    const batch = levels.slice(i, i + 200);
    await tx.insert(productStock).values(batch.map((l) => ({ ...l })));
    await tx.insert(stockMovements).values(
      batch.map((l) => ({
        productId: l.productId,
        size: l.size,
        kind: "adjusted" as const,
        change: l.quantity,
        units: l.quantity,
        quantityAfter: l.quantity,
        reason,
      })),
    );
  }
}
