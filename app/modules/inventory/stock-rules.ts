import { msg } from "~/i18n/messages";
import type { StockMovementKind, StockState } from "~/terms/stock-states";

/**
 * The stock rules, free of the database: which lines an order takes from the shelf, whether the
 * shelf can fill them, what a completed or failed payment does to the units, and what an order
 * still holds according to the ledger. `stock.server.ts` applies them with conditional updates.
 */

/**
 * How long units wait for their payment when STOCK_HOLD_MINUTES is not set: long enough to pay
 * by card or M-Pesa, short enough that a shopper who walked away frees the piece soon (decision 57).
 */
export const DEFAULT_STOCK_HOLD_MINUTES = 15;

/**
 * What the unpaid orders of one shopper may hold at once (decision 57): a cart or a phone number
 * at most `perShopper` pieces; a network address at most `perAddressPercent` of the shop's pieces
 * (on the shelf plus held), never fewer than `perShopper`, since a mobile network puts many
 * shoppers behind one address.
 */
export type HoldLimits = { perShopper: number; perAddressPercent: number };
export const DEFAULT_HOLD_LIMITS: HoldLimits = { perShopper: 30, perAddressPercent: 2 };

/** How long an order holds its pieces, and how much one shopper may hold. */
export type HoldTerms = { minutes: number; limits: HoldLimits };

/** The hold terms a shop's settings give. */
export const holdTermsOf = (env: {
  STOCK_HOLD_MINUTES: number;
  STOCK_HOLD_PER_SHOPPER: number;
  STOCK_HOLD_PER_ADDRESS: number;
}): HoldTerms => ({
  minutes: env.STOCK_HOLD_MINUTES,
  limits: { perShopper: env.STOCK_HOLD_PER_SHOPPER, perAddressPercent: env.STOCK_HOLD_PER_ADDRESS },
});

/** Who an unpaid order holds pieces for: the cart that placed it, its phone number, its address. */
export type Holder = "cart" | "phone" | "address";

/** The most pieces the unpaid orders of one holder may hold, in a shop of `shopUnits` pieces. */
export function holderLimit(holder: Holder, limits: HoldLimits, shopUnits: number) {
  if (holder !== "address") return limits.perShopper;
  return Math.max(limits.perShopper, Math.floor((limits.perAddressPercent * shopUnits) / 100));
}

/** Whether a holder already holding `held` pieces may hold `wanted` more. */
export const mayHoldFor = (held: number, wanted: number, limit: number) => held + wanted <= limit;

/** At or below this, the shelf is running low ('Only {n} left'). */
export const LOW_STOCK = 3;

/** One product and size of an order, with every copy of it counted together. */
export type StockLine = { productId: string; name: string; size: string; quantity: number };

const lineKey = (productId: string, size: string) => `${productId}\u0000${size}`;

/**
 * An order's items as the shelf sees them: lines without a product (imported orders) left out,
 * copies of a product and size merged, sorted by product then size. Every transaction takes its
 * rows in this order, so two checkouts taking the same two sizes never wait on each other in a
 * circle.
 */
export function stockLines(
  items: readonly { productId?: string; name: string; size?: string | null; quantity: number }[],
): StockLine[] {
  const byKey = new Map<string, StockLine>();
  for (const item of items) {
    if (!item.productId || !Number.isInteger(item.quantity) || item.quantity < 1) continue;
    const size = item.size ?? "";
    const key = lineKey(item.productId, size);
    const line = byKey.get(key);
    if (line) line.quantity += item.quantity;
    else
      byKey.set(key, { productId: item.productId, name: item.name, size, quantity: item.quantity });
  }
  return [...byKey.values()].sort((a, b) =>
    a.productId === b.productId ? compare(a.size, b.size) : compare(a.productId, b.productId),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether the shelf can fill a line. Untracked stock (null) fills anything. */
export function canFill(onShelf: number | null, wanted: number): boolean {
  return onShelf === null || onShelf >= wanted;
}

/**
 * What a payment that completed after its hold was released can take: what is there, up to the
 * line. The rest is short, and the order is flagged for the owner.
 */
export function takeForSale(onShelf: number, wanted: number): { take: number; short: number } {
  const take = Math.max(0, Math.min(onShelf, wanted));
  return { take, short: wanted - take };
}

/**
 * The sentence a shopper sees when a line of their order cannot be filled. When unpaid orders
 * hold the pieces it lacks (`held`), they may come back: the shopper is told someone is paying.
 */
export function notEnoughStockMessage(
  line: Pick<StockLine, "name" | "size" | "quantity">,
  left: number,
  held = 0,
) {
  if (held > 0 && left + held >= line.quantity) {
    return line.size ? msg.someoneIsPaying : msg.someoneIsPayingNoSize;
  }
  if (line.size) {
    return left > 0
      ? msg.onlyLeftOfInSize(left, line.name, line.size)
      : msg.soldOutOfInSize(line.name, line.size);
  }
  return left > 0 ? msg.onlyLeftOfName(left, line.name) : msg.soldOutOfName(line.name);
}

/** The ledger's kinds of movement, as the owner reads them in a product's history. */
export const MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  held: "Held",
  released: "Released",
  sold: "Sold",
  adjusted: "Adjusted",
  returned: "Returned",
};

export type LedgerRow = {
  productId: string;
  size: string;
  kind: StockMovementKind;
  change: number;
};

/**
 * What an order holds now, by its ledger rows: units taken by holds and not given back by
 * releases, per product and size. A hold that became a sale is no longer "held"; the order's
 * stock state says so, this only counts.
 */
export function unitsHeld(rows: readonly LedgerRow[]) {
  const net = new Map<string, { productId: string; size: string; units: number }>();
  for (const row of rows) {
    if (row.kind !== "held" && row.kind !== "released") continue;
    const key = lineKey(row.productId, row.size);
    const entry = net.get(key) ?? { productId: row.productId, size: row.size, units: 0 };
    entry.units -= row.change;
    net.set(key, entry);
  }
  return [...net.values()]
    .filter((e) => e.units > 0)
    .sort((a, b) =>
      a.productId === b.productId ? compare(a.size, b.size) : compare(a.productId, b.productId),
    );
}

/** The stock on the shelf according to the ledger: the sum of its changes. */
export const ledgerSum = (rows: readonly Pick<LedgerRow, "change">[]) =>
  rows.reduce((sum, r) => sum + r.change, 0);

export type StockAction =
  /** The held units are the sale: a 'sold' row of no change per line. */
  | "sell-held"
  /** The hold was released before the payment completed: take the units again, or flag short. */
  | "sell-again"
  /** The units go back to the shelf. */
  | "release";

/**
 * What a settlement does to an order's units, given its stock state, what the payment did and
 * the order's status afterwards.
 * - A payment that completed (`paid`) sells the units, unless the order stays Failed (an admin
 *   failed it: it will not be sent, so nothing leaves the shelf).
 * - A payment that failed or was reversed releases units still held once the order is Failed.
 *   Units already sold stay sold: the goods may have left, so the owner adjusts the stock.
 */
export function stockActionOnSettlement(
  state: StockState | null,
  payment: "paid" | "failed" | "none",
  statusAfter: string,
): StockAction | null {
  if (state === null || state === "sold") return null;
  if (payment === "paid") {
    if (statusAfter === "Failed") return null;
    return state === "held" ? "sell-held" : "sell-again";
  }
  if (payment === "failed" && statusAfter === "Failed" && state === "held") return "release";
  return null;
}

/** Whether an admin's status change gives an order's held units back: only an unpaid order's. */
export const releasesOnStatusChange = (state: StockState | null, statusAfter: string) =>
  state === "held" && statusAfter === "Failed";

/** How one size shows on the product page. `left` is null when the size is not tracked. */
export type SizeAvailability = {
  size: string;
  left: number | null;
  soldOut: boolean;
  low: boolean;
};

/**
 * The sizes of a product as the shopper sees them ('' alone for a product without sizes), from
 * the tracked quantities: sold out at 0, low ('Only {n} left') at LOW_STOCK or fewer.
 */
export function sizeAvailability(sizes: readonly string[], levels: Record<string, number>) {
  const all = (sizes.length ? sizes : [""]).map((size): SizeAvailability => {
    const left = size in levels ? levels[size]! : null;
    return {
      size,
      left,
      soldOut: left === 0,
      low: left !== null && left > 0 && left <= LOW_STOCK,
    };
  });
  return { sizes: all, soldOut: all.every((s) => s.soldOut) };
}

/**
 * What a cart line becomes when a shopper asks for `target` pieces (an add: what the line has
 * plus what is added; a stepper: its new quantity), with `left` on the shelf (null: not tracked).
 * A line never grows past the shelf, and asking for more never shrinks it: a line already above
 * the shelf (it sold meanwhile) keeps its quantity until the shopper lowers it. `capped` says the
 * shopper got less than asked.
 */
export function capLine(current: number, target: number, left: number | null) {
  if (left === null || target <= left || target <= current) {
    return { quantity: target, capped: false };
  }
  return { quantity: Math.max(current, left), capped: true };
}

/**
 * What a shopper is told when the shelf holds fewer than they asked for, or none: whole
 * sentences, one with the size and one without it.
 */
export function stockLimitMessage(size: string, left: number) {
  if (size) return left > 0 ? msg.onlyLeftInSize(left, size) : msg.sizeSoldOut(size);
  return left > 0 ? msg.onlyLeftOf(left) : msg.pieceSoldOut;
}
