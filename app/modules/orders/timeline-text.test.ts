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
    [
      "payment_recorded",
      { paymentMethod: "MpesaKE", confirmationCode: "QK13" },
      "Payment notification recorded by M-Pesa (code QK13)",
    ],
    ["payment_failed", {}, "Payment failed"],
    ["payment_reversed", {}, "Payment reversed"],
    ["payment_requested", { provider: "pesapal" }, "Sent to Pesapal for payment"],
    // Orders from before providers were recorded were all sent to Pesapal.
    ["payment_requested", { trackingId: "b945e4af" }, "Sent to Pesapal for payment"],
    [
      "status_changed",
      { from: "Pending", to: "Shipped" },
      "Status changed from Pending to Shipped",
    ],
    [
      "checkout_resumed",
      { attempt: 2, provider: "mpesa-express" },
      "Payment asked for again (attempt 2, M-Pesa)",
    ],
    [
      "payment_duplicate",
      { provider: "mpesa-express", paymentMethod: "M-Pesa", confirmationCode: "TJK4ABC123" },
      "Paid twice: a second payment by M-Pesa (code TJK4ABC123) came for an earlier attempt. Refund it",
    ],
    ["something_new", {}, "something new"],
  ])("%s %j reads %s", (kind, details, text) => {
    expect(describeEvent(kind, details)).toBe(text);
  });
});
