import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isMerchantReferenceOf, merchantReference } from "./provider";

describe("merchant references", () => {
  test("the first request is the order id; later ones add -n and still name the order", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 1, max: 999 }), (orderId, attempt) => {
        const reference = merchantReference(orderId, attempt);
        expect(reference === orderId).toBe(attempt === 1);
        expect(reference).toMatch(/^[A-Za-z0-9-]{1,50}$/);
        expect(isMerchantReferenceOf(reference, orderId)).toBe(true);
      }),
    );
  });

  test("another order's reference, or one with something else after the id, does not", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.integer({ min: 1, max: 999 }), (a, b, attempt) => {
        fc.pre(a !== b);
        expect(isMerchantReferenceOf(merchantReference(b, attempt), a)).toBe(false);
      }),
    );
    const id = "0b6f1a52-7f1c-4c39-9a53-5b2f1d7c9e01";
    for (const reference of [`${id}-`, `${id}-0`, `${id}-x`, `${id}-2-3`, `${id}2`, id.slice(1)]) {
      expect(isMerchantReferenceOf(reference, id)).toBe(false);
    }
  });
});
