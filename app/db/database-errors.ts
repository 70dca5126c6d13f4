/**
 * What a failed database call means for the request. PostgreSQL (and PGlite) name each error by
 * a five-character SQLSTATE whose first two characters are its class:
 * - class 22, "data exception" (e.g. 22021, a NUL byte in text; 22P02, a malformed number): the
 *   query was refused for the values it carried, so the request was bad: a 400, not an outage;
 * - no SQLSTATE (a refused or dropped connection, a closed pool or PGlite), or a class that says
 *   the server cannot serve now (08 connection, 53 resources, 57 shutdown or timeout, 58 system):
 *   the database is unreachable, and only then does a page say "we'll be right back";
 * - any other class (a syntax error, a broken constraint) or a programming error: a bug, a 500.
 */
export type DatabaseFailure = "rejected input" | "unavailable" | "bug";

const UNAVAILABLE_CLASSES = new Set(["08", "53", "57", "58"]);
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of an error, looking through the ORM's wrapping (`cause`). */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    // Node's own codes (ECONNREFUSED, EPIPE) are not SQLSTATEs.
    if (typeof code === "string" && SQLSTATE.test(code) && !code.startsWith("E")) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function classifyDatabaseFailure(error: unknown): DatabaseFailure {
  const state = sqlState(error);
  if (state?.startsWith("22")) return "rejected input";
  if (state) return UNAVAILABLE_CLASSES.has(state.slice(0, 2)) ? "unavailable" : "bug";
  // Mistakes in our own code are not outages.
  if (
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof RangeError
  ) {
    return "bug";
  }
  return "unavailable";
}

export const INPUT_REJECTED =
  "The request contains a value that cannot be stored or searched for. Please check it and try again.";
