import { describe, expect, test } from "vitest";
import type { PaymentStatus } from "~/modules/payments/provider";
import {
  decideSettlement,
  paymentFingerprint,
  type SettlementOrder,
  storedPaymentFingerprint,
} from "./settlement-rules";

const order: SettlementOrder = {
  id: "b7c1a3e0-0000-4000-8000-000000000001",
  status: "Pending",
  amount: 2800,
  currency: "KES",
  lastPayment: null,
  reversed: false,
};
const paid: PaymentStatus = {
  state: "COMPLETED",
  amount: 2800,
  currency: "KES",
  merchantReference: order.id,
  paymentMethod: "MpesaKE",
  confirmationCode: "SGH7K2L9QX",
  description: "Completed",
  providerAnswer: { anything: "the provider said" },
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
      decideSettlement(order, { ...paid, state: "FAILED", confirmationCode: null }),
    ).toMatchObject({ status: "Failed", event: { kind: "payment_failed" } });
    expect(decideSettlement(order, { ...paid, state: "REVERSED" })).toMatchObject({
      status: "Failed",
      event: { kind: "payment_reversed" },
    });
    expect(decideSettlement(order, { ...paid, state: "PENDING" })).toEqual({
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

describe("a reversed payment", () => {
  const reversed: PaymentStatus = {
    ...paid,
    state: "REVERSED",
    paymentMethod: null,
    confirmationCode: null,
  };
  const completed = {
    ...order,
    status: "Completed" as const,
    lastPayment: paymentFingerprint(paid),
  };

  test("moves a completed order to Failed and flags it, keeping the payment's facts", () => {
    const decision = decideSettlement(completed, reversed);
    expect(decision).toMatchObject({
      record: true,
      reversed: true,
      status: "Failed",
      event: { kind: "payment_reversed" },
    });
    // The reversal answer carries no method or code: the ones recorded stay.
    expect(decision.facts).toEqual({});
  });

  test("moves an order an admin moved on to Failed too: the money went back", () => {
    for (const status of ["Processing", "Shipped"] as const) {
      expect(decideSettlement({ ...completed, status }, reversed)).toMatchObject({
        status: "Failed",
        reversed: true,
      });
    }
    const failed = decideSettlement({ ...completed, status: "Failed" }, reversed);
    expect(decision(failed)).toEqual({ status: undefined, reversed: true });
  });

  test("is final: no later answer moves the order back or records over it", () => {
    const after = { ...order, status: "Failed" as const, reversed: true, lastPayment: null };
    for (const state of ["COMPLETED", "FAILED", "REVERSED", "PENDING"] as const) {
      expect(decideSettlement(after, { ...paid, state })).toEqual({ record: false });
    }
  });
});

const decision = (d: ReturnType<typeof decideSettlement>) => ({
  status: d.status,
  reversed: d.reversed,
});

describe("the stored payment status", () => {
  test("is the same fingerprint as the answer it came from", () => {
    const stored = JSON.parse(JSON.stringify(paid));
    expect(storedPaymentFingerprint(stored)).toBe(paymentFingerprint(paid));
  });

  test("anything else has no fingerprint, so the next answer is recorded", () => {
    for (const stored of [null, "x", {}, { status_code: 1 }, { state: "PAID" }]) {
      expect(storedPaymentFingerprint(stored)).toBeNull();
    }
  });
});
