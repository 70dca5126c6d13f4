import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { PaymentStatus } from "~/modules/payments/provider";
import {
  amountInDoubt,
  decideSettlement,
  mergedClaim,
  paidInFull,
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

describe("payment records that cannot be confused (decision 59)", () => {
  test("an answer without a receipt never clears the one kept", () => {
    const withoutCode = { ...paid, confirmationCode: null };
    expect(decideSettlement(order, withoutCode).facts).toEqual({ paymentMethod: "MpesaKE" });
    // A later answer bringing it records it on the paid order.
    const settled = {
      ...order,
      status: "Completed" as const,
      lastPayment: paymentFingerprint(withoutCode),
    };
    expect(decideSettlement(settled, paid)).toMatchObject({
      facts: { confirmationCode: "SGH7K2L9QX" },
      event: { kind: "payment_recorded" },
    });
  });

  test("paid in full only for the order's amount and currency; another amount is in doubt", () => {
    expect(paidInFull(order, paid)).toBe(true);
    expect(paidInFull(order, { ...paid, currency: "kes" })).toBe(true);
    expect(paidInFull(order, { ...paid, amount: 1 })).toBe(false);
    expect(amountInDoubt(order, { ...paid, amount: 1 })).toBe(true);
    expect(amountInDoubt(order, { ...paid, currency: "USD" })).toBe(true);
    expect(amountInDoubt(order, { ...paid, state: "FAILED", amount: 1 })).toBe(false);
    expect(paidInFull(order, null)).toBe(false);
    expect(amountInDoubt(order, null)).toBe(false);
  });

  test("a claim is kept from the first message; a replay changes nothing", () => {
    const first = { resultCode: 0, amount: 2800, receipt: "TJK4ABC123", phone: "2547****5678" };
    expect(mergedClaim(null, first, 2800)).toEqual(first);
    expect(mergedClaim(first, { ...first, receipt: "OTHER00001", amount: 1 }, 2800)).toEqual(first);
  });

  test("a wrong amount is repaired by a message claiming the amount asked, with its receipt", () => {
    const wrong = { resultCode: 0, amount: 1, receipt: "WRONG00001", phone: null };
    const right = { resultCode: 0, amount: 2800, receipt: "TJK4ABC123", phone: "2547****5678" };
    expect(mergedClaim(wrong, right, 2800)).toEqual(right);
    // Never the other way round.
    expect(mergedClaim(right, wrong, 2800)).toEqual(right);
    // A receipt missing so far comes from whichever message brings it.
    expect(mergedClaim({ ...right, receipt: null }, { ...right, amount: 1 }, 2800)).toEqual(right);
  });

  test("whatever messages arrive, once one claimed the amount asked, the kept claim does", () => {
    const claim = fc.record({
      resultCode: fc.constantFrom(0, 1032),
      amount: fc.option(fc.constantFrom(1, 2800, 5600), { nil: null }),
      receipt: fc.option(fc.constantFrom("A000000001", "B000000002"), { nil: null }),
      phone: fc.option(fc.constant("2547****5678"), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(claim, { minLength: 1, maxLength: 6 }), (claims) => {
        const kept = claims.reduce<ReturnType<typeof mergedClaim> | null>(
          (k, c) => mergedClaim(k, c, 2800),
          null,
        )!;
        const firstRight = claims.findIndex((c) => c.amount === 2800);
        const firstWithAmount = claims.findIndex((c) => c.amount !== null);
        if (firstRight >= 0 && firstWithAmount >= 0 && claims[firstWithAmount]!.amount !== null) {
          // A first claim without an amount is kept as it is (nothing to repair).
          if (claims[0]!.amount !== null) expect(kept.amount).toBe(2800);
        }
        if (claims.some((c) => c.receipt) && kept.amount === claims[0]!.amount) {
          expect(kept.receipt).toBe(claims.find((c) => c.receipt)!.receipt);
        }
      }),
    );
  });
});
