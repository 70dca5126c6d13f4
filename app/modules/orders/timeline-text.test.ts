import { describe, expect, it } from "vitest";
import { describeEvent } from "./timeline-text";

describe("describeEvent", () => {
  it.each([
    ["created", {}, "Order placed"],
    ["created", { importedFrom: "abc123" }, "Order placed (imported from document abc123)"],
    [
      "payment_completed",
      { paymentMethod: "M-Pesa", confirmationCode: "QK12" },
      "Payment completed by M-Pesa (code QK12)",
    ],
    ["payment_failed", {}, "Payment failed"],
    [
      "status_changed",
      { from: "Pending", to: "Shipped" },
      "Status changed from Pending to Shipped",
    ],
    ["something_new", {}, "something new"],
  ])("%s %j reads %s", (kind, details, text) => {
    expect(describeEvent(kind, details)).toBe(text);
  });
});
