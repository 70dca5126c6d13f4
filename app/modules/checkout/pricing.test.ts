import { describe, expect, test } from "vitest";
import { msg } from "~/i18n/messages";
import { MAX_LINES, MAX_QUANTITY } from "~/terms/cart-limits";
import {
  CheckoutError,
  checkRequest,
  type ProductPrice,
  priceLines,
  type RequestedItem,
  requestedIds,
  withOffer,
} from "./pricing";

const dress: ProductPrice = {
  id: "dress",
  name: "Ankara Dress",
  price: 2000,
  regularPrice: 2000,
  category: "dresses",
  sizes: ["S", "M"],
  inStock: true,
};
const bag: ProductPrice = {
  id: "bag",
  name: "Kitenge Bag",
  price: 800,
  regularPrice: 1000,
  category: "accessories",
  sizes: [],
  inStock: true,
};
const catalogue = [dress, bag];

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
};

describe("pricing a checkout from the catalogue's prices", () => {
  test("each line takes the catalogue's price now, whatever the browser sent", () => {
    const priced = priceLines(
      [
        { productId: "dress", size: "M", quantity: 2 },
        { productId: "bag", size: "", quantity: 1 },
      ],
      catalogue,
      "pickup",
      0,
    );
    expect(priced.items).toEqual([
      { productId: "dress", name: "Ankara Dress", quantity: 2, price: 2000, size: "M" },
      { productId: "bag", name: "Kitenge Bag", quantity: 1, price: 800, wasPrice: 1000 },
    ]);
    expect(priced.subtotal).toBe(4800);
    expect(priced.lines).toEqual([
      { price: 2000, quantity: 2, category: "dresses" },
      { price: 800, quantity: 1, category: "accessories" },
    ]);
    expect(priced.offer).toEqual({ code: null, discount: 0, freeDelivery: false });
  });

  test("copies of a line count as one line of their summed quantity", () => {
    const priced = priceLines(
      [
        { productId: "dress", size: "S", quantity: 1 },
        { productId: "dress", size: "S", quantity: 2 },
      ],
      catalogue,
      "pickup",
      0,
    );
    expect(priced.items).toHaveLength(1);
    expect(priced.items[0]!.quantity).toBe(3);
    const tooMany = refusal(() =>
      priceLines(
        [
          { productId: "dress", size: "S", quantity: MAX_QUANTITY },
          { productId: "dress", size: "S", quantity: 1 },
        ],
        catalogue,
        "pickup",
        0,
      ),
    );
    expect(tooMany).toBeInstanceOf(CheckoutError);
    expect((tooMany as Error).message).toBe(msg.chooseQuantityOf(MAX_QUANTITY, "Ankara Dress"));
  });

  test("the delivery fee is the method's, until the subtotal reaches the free-delivery threshold", () => {
    const line: RequestedItem[] = [{ productId: "dress", size: "M", quantity: 1 }];
    const rider = priceLines(line, catalogue, "rider", 5000);
    expect([rider.fee, rider.total]).toEqual([300, 2300]);
    const free = priceLines(
      [{ productId: "dress", size: "M", quantity: 3 }],
      catalogue,
      "rider",
      5000,
    );
    expect([free.fee, free.total]).toEqual([0, 6000]);
    const never = priceLines(
      [{ productId: "dress", size: "M", quantity: 3 }],
      catalogue,
      "rider",
      0,
    );
    expect([never.fee, never.total]).toEqual([300, 6300]);
  });

  test("a code's discount comes off the goods, and the fee follows what is left", () => {
    const priced = priceLines(
      [{ productId: "dress", size: "M", quantity: 3 }],
      catalogue,
      "matatu",
      5000,
    );
    expect([priced.fee, priced.total]).toEqual([0, 6000]);
    // 1500 off leaves 4500 of goods: below the threshold, so delivery is paid again.
    const off = withOffer(
      priced,
      { code: "KARIBU", discount: 1500, freeDelivery: false },
      "matatu",
      5000,
    );
    expect(off.offer.code).toBe("KARIBU");
    expect([off.subtotal, off.fee, off.total]).toEqual([6000, 150, 4650]);
    const freeDelivery = withOffer(
      priceLines([{ productId: "bag", size: "", quantity: 1 }], catalogue, "rider", 5000),
      { code: "SAFARI", discount: 0, freeDelivery: true },
      "rider",
      5000,
    );
    expect([freeDelivery.fee, freeDelivery.total]).toEqual([0, 800]);
    const everything = withOffer(
      priced,
      { code: "ZAWADI", discount: 9000, freeDelivery: true },
      "pickup",
      5000,
    );
    expect(everything.total).toBe(0);
  });

  test("an empty request, or one of too many lines, is refused before any lookup", () => {
    expect((refusal(() => checkRequest([])) as Error).message).toBe(msg.cartIsEmpty);
    const many = Array.from({ length: MAX_LINES + 1 }, (_, i) => ({
      productId: `p${i}`,
      size: "",
      quantity: 1,
    }));
    expect((refusal(() => checkRequest(many)) as Error).message).toBe(msg.tooManyLines(MAX_LINES));
    expect(requestedIds([...many, ...many])).toHaveLength(MAX_LINES + 1);
  });

  test("a product sold out or gone, a size it does not come in, or a quantity out of range is refused", () => {
    const price = (item: RequestedItem, products = catalogue) =>
      (refusal(() => priceLines([item], products, "pickup", 0)) as CheckoutError).message;
    expect(price({ productId: "gone", size: "", quantity: 1 })).toBe(msg.anItemUnavailable);
    expect(
      price({ productId: "dress", size: "M", quantity: 1 }, [{ ...dress, inStock: false }]),
    ).toBe(msg.itemUnavailable("Ankara Dress"));
    expect(price({ productId: "dress", size: "XL", quantity: 1 })).toBe(
      msg.chooseValidSize("Ankara Dress"),
    );
    expect(price({ productId: "bag", size: "M", quantity: 1 })).toBe(
      msg.chooseValidSize("Kitenge Bag"),
    );
    for (const quantity of [0, -1, 1.5, MAX_QUANTITY + 1]) {
      expect(price({ productId: "bag", size: "", quantity })).toBe(
        msg.chooseQuantityOf(MAX_QUANTITY, "Kitenge Bag"),
      );
    }
  });
});
