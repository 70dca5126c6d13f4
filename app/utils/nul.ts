/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one is rejected
 * (SQLSTATE 22021). Input is checked for it at the edge, so the shopper gets a 400 with a
 * sentence instead of a failed query.
 */
export const NUL_REFUSED = "The request contains a character that is not allowed (a NUL byte).";

/** Whether a string, or any key or string inside an array or object, holds a NUL character. */
export function containsNul(value: unknown): boolean {
  // Iterative, so a deeply nested JSON body cannot exhaust the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\0")) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes("\0")) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
