/**
 * A page number from a query string: a whole number from 1 to `max`, and 1 for anything else.
 * The cap keeps a hand-typed URL from asking the database for an absurd offset.
 */
export function pageNumber(value: string | null, max = 10_000): number {
  return Math.min(Math.max(Number.parseInt(value ?? "1", 10) || 1, 1), max);
}
