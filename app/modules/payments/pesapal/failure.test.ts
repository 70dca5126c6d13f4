import { describe, expect, test } from "vitest";
import { paymentFailureText } from "../payment-failure";
import { pesapalFailure } from "./failure";

describe("why a Pesapal payment failed", () => {
  test.each([
    ["Unable to Authorize Transaction.Kindly contact your bank for assistance", "declined"],
    ["Request cancelled by user", "cancelled"],
    ["The balance is insufficient for the transaction.", "insufficient_funds"],
    ["Insufficient Funds", "insufficient_funds"],
    ["DS timeout user cannot be reached", "timed_out"],
    ["Transaction expired", "timed_out"],
    ["The initiator information is invalid.", "wrong_pin"],
    ["Do not honour", "declined"],
    ["Expired card", "declined"],
  ] as const)("%j reads as %s", (description, failure) => {
    expect(pesapalFailure(description)).toBe(failure);
  });

  test.each([null, undefined, "", "  ", "Payment failed", "FAILED", "Error 1037", 42])(
    "%j says nothing the shop can tell a shopper",
    (description) => {
      expect(pesapalFailure(description)).toBeNull();
    },
  );

  test("the shopper reads a sentence, never the provider's words or a code", () => {
    expect(paymentFailureText("declined", "Pesapal")).toBe(
      "Your bank or card issuer declined the payment.",
    );
    expect(paymentFailureText(null, "Pesapal")).toBe("Pesapal did not accept the payment.");
    for (const failure of [
      "cancelled",
      "insufficient_funds",
      "timed_out",
      "wrong_pin",
      "declined",
    ] as const) {
      const text = paymentFailureText(failure, "Pesapal");
      expect(text).toMatch(/^[A-Z][^_]*\.$/);
      expect(text).not.toMatch(/\d/);
    }
  });
});
