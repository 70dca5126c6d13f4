import { describe, expect, test } from "vitest";
import { classifyDatabaseFailure, sqlState } from "./database-errors";

const pgError = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** As Drizzle throws it: its own error, the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("classifyDatabaseFailure", () => {
  test("a data exception (class 22) is the request's fault, even wrapped by the ORM", () => {
    const nul = wrapped(pgError("22021", 'invalid byte sequence for encoding "UTF8": 0x00'));
    expect(sqlState(nul)).toBe("22021");
    expect(classifyDatabaseFailure(nul)).toBe("rejected input");
    expect(classifyDatabaseFailure(wrapped(pgError("22P02")))).toBe("rejected input");
  });

  test("a lost, refused or closed connection is an outage", () => {
    expect(classifyDatabaseFailure(wrapped(pgError("ECONNREFUSED")))).toBe("unavailable");
    expect(classifyDatabaseFailure(new Error("PGlite is closed"))).toBe("unavailable");
    expect(classifyDatabaseFailure(pgError("57P01", "terminating connection"))).toBe("unavailable");
    expect(classifyDatabaseFailure(pgError("08006"))).toBe("unavailable");
    expect(classifyDatabaseFailure(pgError("53300", "too many clients"))).toBe("unavailable");
  });

  test("any other rejected query or a mistake in the code is a bug, not an outage", () => {
    expect(classifyDatabaseFailure(wrapped(pgError("42P01", "relation does not exist")))).toBe(
      "bug",
    );
    expect(classifyDatabaseFailure(pgError("23505"))).toBe("bug");
    expect(classifyDatabaseFailure(new TypeError("x is undefined"))).toBe("bug");
  });
});
