import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  canFill,
  capLine,
  DEFAULT_HOLD_LIMITS,
  holderLimit,
  ledgerSum,
  mayHoldFor,
  notEnoughStockMessage,
  releasesOnStatusChange,
  sizeAvailability,
  stockActionOnSettlement,
  stockLimitMessage,
  stockLines,
  takeForSale,
  unitsHeld,
} from "./stock-rules";

describe("stock rules", () => {
  test("an order's lines merge copies, drop lines without a product, and sort for locking", () => {
    expect(
      stockLines([
        { productId: "9002", name: "Bag", quantity: 1 },
        { productId: "9001", name: "Dress", size: "M", quantity: 2 },
        { name: "Imported line without a product", quantity: 1 },
        { productId: "9001", name: "Dress", size: "M", quantity: 1 },
        { productId: "9001", name: "Dress", size: "L", quantity: 1 },
      ]),
    ).toEqual([
      { productId: "9001", name: "Dress", size: "L", quantity: 1 },
      { productId: "9001", name: "Dress", size: "M", quantity: 3 },
      { productId: "9002", name: "Bag", size: "", quantity: 1 },
    ]);
  });

  test("untracked stock fills anything; tracked stock fills up to what is there", () => {
    expect(canFill(null, 99)).toBe(true);
    expect(canFill(3, 3)).toBe(true);
    expect(canFill(2, 3)).toBe(false);
    expect(canFill(0, 1)).toBe(false);
  });

  test("a late sale takes what is there and counts the rest short", () => {
    expect(takeForSale(5, 2)).toEqual({ take: 2, short: 0 });
    expect(takeForSale(1, 3)).toEqual({ take: 1, short: 2 });
    expect(takeForSale(0, 2)).toEqual({ take: 0, short: 2 });
  });

  test("the shopper is told the line and how many are left, in whole sentences", () => {
    const dress = { name: "Zuri Kitenge Wrap Dress", size: "M", quantity: 3 };
    expect(notEnoughStockMessage(dress, 2)).toBe(
      "Only 2 left of Zuri Kitenge Wrap Dress in size M. Please lower the quantity in your cart.",
    );
    expect(notEnoughStockMessage(dress, 0)).toBe(
      "Zuri Kitenge Wrap Dress in size M is sold out. Please remove it from your cart.",
    );
    const bag = { name: "Kito Ankara Tote Bag", size: "", quantity: 2 };
    expect(notEnoughStockMessage(bag, 1)).toBe(
      "Only 1 left of Kito Ankara Tote Bag. Please lower the quantity in your cart.",
    );
    expect(notEnoughStockMessage(bag, 0)).toBe(
      "Kito Ankara Tote Bag is sold out. Please remove it from your cart.",
    );
  });

  test("when orders being paid for hold what a line lacks, the shopper is told someone is paying", () => {
    const dress = { name: "Zuri Kitenge Wrap Dress", size: "M", quantity: 1 };
    expect(notEnoughStockMessage(dress, 0, 1)).toBe(
      "Someone is paying for the last one. Try again in a few minutes, or choose another size.",
    );
    expect(notEnoughStockMessage({ ...dress, size: "" }, 0, 2)).toBe(
      "Someone is paying for the last one. Try again in a few minutes, or choose another piece.",
    );
    // The holds would not make up what is asked: how many there are is what helps.
    expect(notEnoughStockMessage({ ...dress, quantity: 3 }, 1, 1)).toBe(
      "Only 1 left of Zuri Kitenge Wrap Dress in size M. Please lower the quantity in your cart.",
    );
  });

  test("what an order holds is its holds less its releases, by its own ledger rows", () => {
    const rows = [
      { productId: "9001", size: "M", kind: "held" as const, change: -2 },
      { productId: "9002", size: "", kind: "held" as const, change: -1 },
      { productId: "9002", size: "", kind: "released" as const, change: 1 },
      { productId: "9001", size: "M", kind: "sold" as const, change: 0 },
    ];
    expect(unitsHeld(rows)).toEqual([{ productId: "9001", size: "M", units: 2 }]);
    expect(ledgerSum(rows)).toBe(-2);
  });

  test("a completed payment sells held units, or takes released ones again", () => {
    expect(stockActionOnSettlement("held", "paid", "Completed")).toBe("sell-held");
    expect(stockActionOnSettlement("released", "paid", "Completed")).toBe("sell-again");
    // An admin moved it on before the payment came: still a sale.
    expect(stockActionOnSettlement("held", "paid", "Processing")).toBe("sell-held");
    // Failed by an admin, it will not be sent: nothing leaves the shelf.
    expect(stockActionOnSettlement("released", "paid", "Failed")).toBeNull();
    expect(stockActionOnSettlement("sold", "paid", "Completed")).toBeNull();
    expect(stockActionOnSettlement(null, "paid", "Completed")).toBeNull();
  });

  test("a failed payment releases held units once the order is Failed; sold units stay sold", () => {
    expect(stockActionOnSettlement("held", "failed", "Failed")).toBe("release");
    expect(stockActionOnSettlement("held", "failed", "Processing")).toBeNull();
    expect(stockActionOnSettlement("released", "failed", "Failed")).toBeNull();
    expect(stockActionOnSettlement("sold", "failed", "Failed")).toBeNull();
    expect(stockActionOnSettlement("held", "none", "Pending")).toBeNull();
  });

  test("an admin failing an unpaid order gives its units back; other changes keep them", () => {
    expect(releasesOnStatusChange("held", "Failed")).toBe(true);
    expect(releasesOnStatusChange("held", "Processing")).toBe(false);
    expect(releasesOnStatusChange("sold", "Failed")).toBe(false);
    expect(releasesOnStatusChange(null, "Failed")).toBe(false);
  });

  test("the product page shows sold-out and low sizes; sold out when every size is at 0", () => {
    const shown = sizeAvailability(["S", "M", "L", "XL"], { S: 0, M: 3, L: 4 });
    expect(shown.sizes).toEqual([
      { size: "S", left: 0, soldOut: true, low: false },
      { size: "M", left: 3, soldOut: false, low: true },
      { size: "L", left: 4, soldOut: false, low: false },
      { size: "XL", left: null, soldOut: false, low: false },
    ]);
    expect(shown.soldOut).toBe(false);
    expect(sizeAvailability(["S", "M"], { S: 0, M: 0 }).soldOut).toBe(true);
    expect(sizeAvailability([], { "": 1 }).sizes).toEqual([
      { size: "", left: 1, soldOut: false, low: true },
    ]);
    expect(sizeAvailability([], {}).soldOut).toBe(false);
  });
});

describe("what one shopper's unpaid orders may hold", () => {
  test("a cart or a phone holds up to its pieces; an address a share of the shop, never less", () => {
    const limits = { perShopper: 30, perAddressPercent: 2 };
    expect(holderLimit("cart", limits, 3_520)).toBe(30);
    expect(holderLimit("phone", limits, 3_520)).toBe(30);
    expect(holderLimit("address", limits, 3_520)).toBe(70);
    expect(holderLimit("address", limits, 200)).toBe(30);
    expect(mayHoldFor(25, 5, 30)).toBe(true);
    expect(mayHoldFor(25, 6, 30)).toBe(false);
    expect(DEFAULT_HOLD_LIMITS).toEqual(limits);
  });

  test("five addresses at the default limits hold at most a tenth of any shop of 1,500 pieces or more", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_500, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 60 }),
        (units, wanted) => {
          let total = 0;
          for (let address = 0; address < 5; address++) {
            let held = 0;
            const limit = holderLimit("address", DEFAULT_HOLD_LIMITS, units);
            for (const w of wanted) if (mayHoldFor(held, w, limit)) held += w;
            total += held;
          }
          expect(total * 10).toBeLessThanOrEqual(units);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("what a cart may hold", () => {
  test("a line grows to what is asked when the shelf has it, or when nothing is counted", () => {
    expect(capLine(1, 3, 5)).toEqual({ quantity: 3, capped: false });
    expect(capLine(1, 3, 3)).toEqual({ quantity: 3, capped: false });
    expect(capLine(2, 40, null)).toEqual({ quantity: 40, capped: false });
  });

  test("asked for more than the shelf, it takes what is there and says so", () => {
    expect(capLine(0, 2, 1)).toEqual({ quantity: 1, capped: true });
    expect(capLine(1, 2, 1)).toEqual({ quantity: 1, capped: true });
    expect(capLine(0, 1, 0)).toEqual({ quantity: 0, capped: true });
  });

  test("a line above a shelf that sold meanwhile is never shrunk by asking for more", () => {
    expect(capLine(3, 4, 1)).toEqual({ quantity: 3, capped: true });
    // Lowering it is always allowed, even while it is still above the shelf.
    expect(capLine(3, 2, 1)).toEqual({ quantity: 2, capped: false });
  });

  test("never more than asked, never past the shelf unless it was there already", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 99 }),
        fc.nat({ max: 99 }),
        fc.option(fc.nat({ max: 99 }), { nil: null }),
        (current, target, left) => {
          const { quantity, capped } = capLine(current, target, left);
          expect(quantity).toBeLessThanOrEqual(target);
          expect(capped).toBe(quantity < target);
          // Above the shelf only if it was there already: it never grew past it.
          if (left !== null && quantity > left) expect(quantity).toBeLessThanOrEqual(current);
          if (target > current) expect(quantity).toBeGreaterThanOrEqual(current);
        },
      ),
    );
  });

  test("the shopper reads a whole sentence, with the size or without one", () => {
    expect(stockLimitMessage("M", 2)).toBe("Only 2 left in size M");
    expect(stockLimitMessage("M", 0)).toBe("Size M is sold out");
    expect(stockLimitMessage("", 1)).toBe("Only 1 left");
    expect(stockLimitMessage("", 0)).toBe("This piece is sold out");
  });
});
