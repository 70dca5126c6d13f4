import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readStkCallback, STK_CALLBACK_ACK } from "./callback";
import { callbackCancelled, callbackPaid, callbackTimedOut } from "./fixtures/responses";

/** The contract's success callback with its stkCallback fields changed. */
const withCallback = (fields: Record<string, unknown>) => ({
  Body: { stkCallback: { ...callbackPaid.Body.stkCallback, ...fields } },
});

const withItems = (items: unknown) => withCallback({ CallbackMetadata: { Item: items } });

describe("readStkCallback", () => {
  test("reads the contract's success callback", () => {
    expect(readStkCallback(callbackPaid)).toEqual({
      merchantRequestId: "29115-34620561-1",
      checkoutRequestId: "ws_CO_191220191020363925",
      resultCode: 0,
      resultDesc: "The service request is processed successfully.",
      amount: 1450,
      receipt: "TJK4ABC123",
      phone: "254712345678",
      transactionDate: "20261123143015",
    });
  });

  test("reads failures, which carry no CallbackMetadata", () => {
    expect(readStkCallback(callbackCancelled)).toEqual({
      merchantRequestId: "29115-34620561-1",
      checkoutRequestId: "ws_CO_191220191020363925",
      resultCode: 1032,
      resultDesc: "Request cancelled by user",
      amount: null,
      receipt: null,
      phone: null,
      transactionDate: null,
    });
    expect(readStkCallback(callbackTimedOut)).toMatchObject({ resultCode: 1037, amount: null });
  });

  test("takes what relays stringify: ResultCode, amount, phone and date as strings", () => {
    const read = readStkCallback(
      withCallback({
        ResultCode: " 0",
        CallbackMetadata: {
          Item: [
            { Name: "Amount", Value: "1450.00" },
            { Name: "MpesaReceiptNumber", Value: "TJK4ABC123" },
            { Name: "Balance", Value: "" },
            { Name: "TransactionDate", Value: "20261123143015" },
            { Name: "PhoneNumber", Value: "254712345678" },
          ],
        },
      }),
    );
    expect(read).toMatchObject({
      resultCode: 0,
      amount: 1450,
      phone: "254712345678",
      transactionDate: "20261123143015",
    });
  });

  test.each([
    ["masked, as Safaricom now sends it", "2547****5678"],
    ["hashed", "a3f1c9e0b7d24f6e8a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071"],
    ["with a plus", "+2547x"],
  ])("takes a payer's number %s, as given, with the receipt", (_, number) => {
    expect(
      readStkCallback(
        withItems([
          { Name: "Amount", Value: 1450 },
          { Name: "MpesaReceiptNumber", Value: "TJK4ABC123" },
          { Name: "PhoneNumber", Value: number },
        ]),
      ),
    ).toMatchObject({ phone: number, receipt: "TJK4ABC123", amount: 1450 });
  });

  test("a payer's number it cannot keep is left out, never the callback refused", () => {
    for (const value of [{ n: 1 }, ["2547"], "x".repeat(101), "2547\u200b1234", true, -1]) {
      expect(
        readStkCallback(
          withItems([
            { Name: "MpesaReceiptNumber", Value: "TJK4ABC123" },
            { Name: "PhoneNumber", Value: value },
          ]),
        ),
      ).toMatchObject({ phone: null, receipt: "TJK4ABC123" });
    }
  });

  test("a missing ResultDesc is empty; an item named twice counts once, the first time", () => {
    const { ResultDesc: _, ...rest } = callbackCancelled.Body.stkCallback;
    expect(readStkCallback({ Body: { stkCallback: rest } })).toMatchObject({ resultDesc: "" });
    const doubled = readStkCallback(
      withItems([
        { Name: "Amount", Value: 1450 },
        { Name: "Amount", Value: 1 },
      ]),
    );
    expect(doubled).toMatchObject({ amount: 1450, receipt: null });
  });

  test.each([
    ["nothing", undefined],
    ["null", null],
    ["a string", "Body"],
    ["an array", [callbackPaid]],
    ["no Body", { stkCallback: callbackPaid.Body.stkCallback }],
    ["no stkCallback", { Body: {} }],
    ["stkCallback as an array", { Body: { stkCallback: [] } }],
    ["no MerchantRequestID", withCallback({ MerchantRequestID: undefined })],
    ["an empty CheckoutRequestID", withCallback({ CheckoutRequestID: "" })],
    ["a numeric CheckoutRequestID", withCallback({ CheckoutRequestID: 12 })],
    [
      "a CheckoutRequestID over 100 characters",
      withCallback({ CheckoutRequestID: "w".repeat(101) }),
    ],
    [
      "a MerchantRequestID over 100 characters",
      withCallback({ MerchantRequestID: "1".repeat(101) }),
    ],
    ["no ResultCode", withCallback({ ResultCode: undefined })],
    ["a non-numeric ResultCode", withCallback({ ResultCode: "paid" })],
    ["a fractional ResultCode", withCallback({ ResultCode: 0.5 })],
    ["a ResultCode object", withCallback({ ResultCode: { valueOf: 0 } })],
    ["a ResultDesc object", withCallback({ ResultDesc: { text: "ok" } })],
    ["a NUL in an id", withCallback({ CheckoutRequestID: "ws_CO_1\u0000" })],
    ["a NUL in ResultDesc", withCallback({ ResultDesc: "ok\u0000" })],
    ["a NUL in the receipt", withItems([{ Name: "MpesaReceiptNumber", Value: "TJK\u0000" }])],
    ["CallbackMetadata without Item", withCallback({ CallbackMetadata: {} })],
    ["Item as an object", withCallback({ CallbackMetadata: { Item: { Name: "Amount" } } })],
    ["an item that is not an object", withItems(["Amount"])],
    ["an item without a Name", withItems([{ Value: 1 }])],
    ["a text Amount", withItems([{ Name: "Amount", Value: "a lot" }])],
    ["a negative Amount", withItems([{ Name: "Amount", Value: -5 }])],
    ["a numeric receipt", withItems([{ Name: "MpesaReceiptNumber", Value: 12 }])],
    ["a long receipt", withItems([{ Name: "MpesaReceiptNumber", Value: "R".repeat(101) }])],
    ["a fractional TransactionDate", withItems([{ Name: "TransactionDate", Value: 2.5 }])],
    ["too many items", withItems(Array.from({ length: 21 }, () => ({ Name: "Balance" })))],
  ])("refuses %s with one English sentence", (_, body) => {
    const read = readStkCallback(body);
    expect(typeof read).toBe("string");
    expect(read).toMatch(/^[A-Z].*\.$/);
  });

  test("reads only own fields: inherited or __proto__ names are not taken", () => {
    const inherited = Object.create({ Body: callbackPaid.Body });
    expect(typeof readStkCallback(inherited)).toBe("string");
    const polluted = JSON.parse(
      '{"Body":{"stkCallback":{"__proto__":{"MerchantRequestID":"x"},"CheckoutRequestID":"ws_CO_1","ResultCode":0}}}',
    );
    expect(readStkCallback(polluted)).toBe("MerchantRequestID is missing.");
  });

  test("never throws, even on objects whose getters or traps throw", () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error("boom");
        },
        has() {
          throw new Error("boom");
        },
        getOwnPropertyDescriptor() {
          throw new Error("boom");
        },
      },
    );
    expect(readStkCallback(trap)).toBe("The callback could not be read.");
    expect(readStkCallback({ Body: { stkCallback: trap } })).toBe(
      "The callback could not be read.",
    );
    const getter = withCallback({});
    Object.defineProperty(getter.Body.stkCallback, "ResultCode", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    expect(typeof readStkCallback(getter)).toBe("string");
  });

  test("never throws on any JSON value, and answers a callback or a sentence", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const read = readStkCallback(value);
        expect(typeof read === "string" || typeof read.resultCode === "number").toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  test("never throws when any field of a real callback is replaced with anything", () => {
    const fields = ["MerchantRequestID", "CheckoutRequestID", "ResultCode", "ResultDesc"];
    const itemNames = ["Amount", "MpesaReceiptNumber", "Balance", "TransactionDate", "PhoneNumber"];
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.anything(),
        fc.constantFrom(...itemNames),
        fc.anything(),
        (field, value, itemName, itemValue) => {
          const body = withCallback({
            [field]: value,
            CallbackMetadata: {
              // First, so that it is the one read (a name given twice counts once).
              Item: [
                { Name: itemName, Value: itemValue },
                ...callbackPaid.Body.stkCallback.CallbackMetadata.Item,
              ],
            },
          });
          const read = readStkCallback(body);
          if (typeof read === "string") expect(read).toMatch(/\.$/);
          else {
            expect(read.checkoutRequestId.length).toBeLessThanOrEqual(100);
            expect(Number.isInteger(read.resultCode)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test("the answer the shop gives Daraja", () => {
    expect(STK_CALLBACK_ACK).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
  });
});
