import { describe, expect, test } from "vitest";
import type { PaymentStatus } from "~/modules/payments/provider";
import { decideSettlement, paymentFingerprint, type SettlementOrder } from "./settlement-rules";

const order: SettlementOrder = {
  id: "b7c1a3e0-0000-4000-8000-000000000001",
  status: "Pending",
  amount: 2800,
  currency: "KES",
  lastPayment: null,
};
const paid: PaymentStatus = {
  state: "COMPLETED",
  code: 1,
  amount: 2800,
  currency: "KES",
  merchantReference: order.id,
  paymentMethod: "MpesaKE",
  confirmationCode: "SGH7K2L9QX",
  description: "Completed",
  raw: {},
};

describe("settlement", () => {
  test("a matching completed payment completes a pending order and records its facts", () => {
    expect(decideSettlement(order, paid)).toMatchObject({
      status: "Completed",
      facts: { paymentMethod: "MpesaKE", confirmationCode: "SGH7K2L9QX" },
      event: { kind: "payment_completed" },
      record: true,
    });
  });

  test("the same status again changes nothing and records nothing", () => {
    const settled = {
      ...order,
      status: "Completed" as const,
      lastPayment: paymentFingerprint(paid),
    };
    expect(decideSettlement(settled, paid)).toEqual({ record: false });
  });

  test("a mismatch in amount, currency or reference is recorded, never completed", () => {
    for (const wrong of [
      { amount: 100 },
      { currency: "USD" },
      { merchantReference: "another-order" },
    ]) {
      const decision = decideSettlement(order, { ...paid, ...wrong });
      expect(decision.status).toBeUndefined();
      expect(decision.facts).toBeUndefined();
      expect(decision.event?.kind).toBe("payment_mismatch");
    }
  });

  test("failed and reversed move a pending order to Failed; not yet paid changes nothing", () => {
    expect(
      decideSettlement(order, { ...paid, state: "FAILED", code: 2, confirmationCode: null }),
    ).toMatchObject({ status: "Failed", event: { kind: "payment_failed" } });
    expect(decideSettlement(order, { ...paid, state: "REVERSED", code: 3 })).toMatchObject({
      status: "Failed",
      event: { kind: "payment_reversed" },
    });
    expect(decideSettlement(order, { ...paid, state: "PENDING", code: 0 })).toEqual({
      record: false,
    });
  });

  test("an admin's status is never overridden, but the payment facts are recorded", () => {
    const shipped = { ...order, status: "Shipped" as const };
    expect(decideSettlement(shipped, paid)).toMatchObject({
      status: undefined,
      facts: { confirmationCode: "SGH7K2L9QX" },
      event: { kind: "payment_recorded" },
    });
    const failedByAdmin = { ...order, status: "Failed" as const };
    expect(decideSettlement(failedByAdmin, paid).status).toBeUndefined();
  });
});
