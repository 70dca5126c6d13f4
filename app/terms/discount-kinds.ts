/** Discount codes' kinds; the database layer owns the values. Pure, so rules and pages import them. */
export const CODE_KINDS = ["percent", "amount", "free_delivery"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** How an order's discount reads on a receipt: 'Discount (JAMHURI10)'. */
export const discountLabel = (code: string) => `Discount (${code})`;
