/**
 * The stock ledger's vocabulary; the database layer owns the values (its columns use them). Pure,
 * so rules and the browser can import them too.
 */
export const STOCK_MOVEMENT_KINDS = ["held", "released", "sold", "adjusted", "returned"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/**
 * The most pieces one size may count: what an admin may set, and what an imported count may say.
 */
export const MAX_STOCK = 100_000;

/** What an order does to the stock of its tracked lines. */
export const STOCK_STATES = ["held", "released", "sold"] as const;
export type StockState = (typeof STOCK_STATES)[number];

/** A line of a paid order the shelf could not fill: `short` units are missing. */
export type ShortLine = {
  productId: string;
  name: string;
  size: string;
  quantity: number;
  short: number;
};
