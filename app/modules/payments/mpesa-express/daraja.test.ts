import { afterEach, describe, expect, test } from "vitest";
import {
  darajaPassword,
  darajaTimestamp,
  MAX_ACCOUNT_REFERENCE,
  MAX_MPESA_AMOUNT,
  MAX_TRANSACTION_DESC,
  mpesaPhone,
  promptDescription,
  STK_RESULT_CODES,
  stkResult,
} from "./daraja";

const SHORTCODE = "174379";
const PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";

describe("darajaTimestamp", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  test("is Kenyan time (UTC+3), whatever the machine's time zone", () => {
    for (const tz of ["UTC", "America/Los_Angeles", "Asia/Tokyo", "Africa/Nairobi"]) {
      process.env.TZ = tz;
      expect(darajaTimestamp(new Date("2026-11-23T11:30:15Z"))).toBe("20261123143015");
      expect(darajaTimestamp(new Date("2026-01-05T00:00:00.999Z"))).toBe("20260105030000");
    }
  });

  test("a UTC evening is already the next day (and year) in Nairobi", () => {
    process.env.TZ = "America/New_York";
    expect(darajaTimestamp(new Date("2026-11-23T22:15:00Z"))).toBe("20261124011500");
    expect(darajaTimestamp(new Date("2026-12-31T21:00:00Z"))).toBe("20270101000000");
    expect(darajaTimestamp(new Date("2028-02-28T21:59:59Z"))).toBe("20280229005959");
  });

  test("refuses an invalid date rather than sending NaN", () => {
    expect(() => darajaTimestamp(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("darajaPassword", () => {
  test("is base64 of shortcode, passkey and timestamp", () => {
    const timestamp = "20160216165627";
    const expected = Buffer.from(`${SHORTCODE}${PASSKEY}${timestamp}`).toString("base64");
    expect(darajaPassword(SHORTCODE, PASSKEY, timestamp)).toBe(expected);
    // The value Safaricom's portal samples show for this timestamp.
    expect(expected).toBe(
      "MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3",
    );
  });
});

describe("mpesaPhone", () => {
  test.each([
    ["0712345678", "254712345678"],
    ["0712 345 678", "254712345678"],
    ["0712-345-678", "254712345678"],
    ["0712.345.678", "254712345678"],
    [" 0712345678 ", "254712345678"],
    ["712345678", "254712345678"],
    ["+254712345678", "254712345678"],
    ["+254 712 345 678", "254712345678"],
    ["254712345678", "254712345678"],
    ["254-712-345678", "254712345678"],
    ["+254 0712 345678", "254712345678"],
    ["00254712345678", "254712345678"],
    ["(0712) 345 678", "254712345678"],
    ["0110345678", "254110345678"],
    ["0101 234 567", "254101234567"],
    ["110345678", "254110345678"],
    ["254 110 345 678", "254110345678"],
    ["+254110345678", "254110345678"],
  ])("%j -> %s", (input, expected) => {
    expect(mpesaPhone(input)).toBe(expected);
  });

  test.each([
    "",
    "   ",
    "07123456789",
    "071234567",
    "0812345678",
    "0212345678",
    "+255712345678",
    "255712345678",
    "+1 212 555 0100",
    "2547123456789",
    "25471234567",
    "07l2345678",
    "0712345678x",
    "+0712345678",
    "0254712345678",
    "phone",
    "0712\u00a0345\u0000678",
    "٠٧١٢٣٤٥٦٧٨",
    "0".repeat(100),
  ])("%j is not an M-Pesa number", (input) => {
    expect(mpesaPhone(input)).toBeNull();
  });
});

describe("stkResult", () => {
  test.each([
    [0, "COMPLETED", null],
    [1032, "FAILED", "cancelled"],
    [1037, "FAILED", "timed_out"],
    [1019, "FAILED", "timed_out"],
    [1, "FAILED", "insufficient_funds"],
    [2001, "FAILED", "wrong_pin"],
    [1001, "FAILED", "busy"],
    [1025, "FAILED", null],
    [9999, "FAILED", null],
    [4242, "FAILED", null],
    [-1, "FAILED", null],
  ] as const)("%s -> %s / %s", (code, state, failure) => {
    expect(stkResult(code)).toEqual({ state, failure });
    expect(stkResult(String(code))).toEqual({ state, failure });
  });

  test("reads numeric strings with spaces; anything else is a failure without a reason", () => {
    expect(stkResult("0")).toEqual({ state: "COMPLETED", failure: null });
    expect(stkResult(" 1032")).toEqual({ state: "FAILED", failure: "cancelled" });
    expect(stkResult("1037 ")).toEqual({ state: "FAILED", failure: "timed_out" });
    for (const odd of ["", " ", "0x0", "1e3", "0.5", "paid", "1032a", "NaN"]) {
      expect(stkResult(odd)).toEqual({ state: "FAILED", failure: null });
    }
    expect(stkResult(0.5)).toEqual({ state: "FAILED", failure: null });
    expect(stkResult(Number.NaN)).toEqual({ state: "FAILED", failure: null });
  });

  test("every code the emulator offers has a description and a mapping", () => {
    const codes = Object.keys(STK_RESULT_CODES).map(Number);
    expect(codes.sort((a, b) => a - b)).toEqual([0, 1, 1001, 1019, 1025, 1032, 1037, 2001, 9999]);
    for (const code of codes) {
      expect(STK_RESULT_CODES[code as keyof typeof STK_RESULT_CODES].length).toBeGreaterThan(3);
      expect(stkResult(code).state).toBe(code === 0 ? "COMPLETED" : "FAILED");
    }
  });
});

test("the contract's limits", () => {
  expect(MAX_ACCOUNT_REFERENCE).toBe(12);
  expect(MAX_TRANSACTION_DESC).toBe(13);
  expect(MAX_MPESA_AMOUNT).toBe(250_000);
});

describe("promptDescription", () => {
  test.each([
    ["Amani Prints", "Amani Prints"],
    ["Amani Prints Kenya Limited", "Amani Prints"],
    ["  Mama   Wanjiku  ", "Mama Wanjiku"],
    ["Mama Wanjiku's", "Mama"],
    ["Duka<la>Mama", "Duka la Mama"],
    ["Supercalifragilistic", "Supercalifrag"],
  ])("names the shop within Daraja's limit: %j -> %j", (name, description) => {
    expect(promptDescription(name)).toBe(description);
    expect(Array.from(promptDescription(name)).length).toBeLessThanOrEqual(MAX_TRANSACTION_DESC);
  });
});
