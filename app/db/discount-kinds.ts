/** Discount codes' kinds; the database layer owns the values. Pure, so rules and pages import them. */
export const CODE_KINDS = ["percent", "amount", "free_delivery"] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
