// What the back office's pages show, as the modules read it and the components draw it: one
// definition each, so a reader and the piece that draws it cannot drift apart.

/** A field's value before and after a recorded change. */
export type Change = { field: string; from: string; to: string };

/** A recorded change in the owner's words (audit/describe.ts writes them). */
export type ActivityEntry = {
  id: number;
  at: string;
  actor: string | null;
  summary: string;
  changes: Change[];
  href: string | null;
};

/** A day's Completed orders: net revenue, and its parts (sales less discounts less refunds). */
export type DayRevenue = {
  day: string;
  revenue: number;
  orders: number;
  sales: number;
  discounts: number;
  refunds: number;
};

/** One size a product offers: its pieces, or null when the size is not tracked. */
export type StockLevel = { size: string; left: number | null };
