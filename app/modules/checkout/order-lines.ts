type Line = { productId: string; size: string; quantity: number };

const isCount = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * One line per product and size, its quantity the sum of the lines that named it, in the order
 * they first appeared. The per-line cap then holds for what is bought, not for each copy of a
 * line (3 lines of 99 are 297 of one dress). A line whose quantity is not a whole number of at
 * least one spoils its sum (NaN), so halves or negatives cannot add up to a valid count.
 */
export function mergeLines<T extends Line>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, line.size]);
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...line, quantity: isCount(line.quantity) ? line.quantity : Number.NaN });
    } else {
      seen.quantity = isCount(line.quantity) ? seen.quantity + line.quantity : Number.NaN;
    }
  }
  return [...merged.values()];
}
