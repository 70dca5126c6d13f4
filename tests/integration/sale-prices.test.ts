import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cartLines, carts, products } from "~/db/schema";
import { priceItems } from "~/flows/place-order.server";
import { loadCart } from "~/modules/cart/cart.server";
import { shopListing } from "~/modules/catalog/listing.server";
import { productPage } from "~/modules/catalog/products.server";
import { priceAt } from "~/modules/catalog/sale";
import { startSaleClock } from "~/modules/catalog/sale-clock.server";
import { databases } from "../setup/databases";
import { until } from "../setup/until";

const listing = (extra: object = {}) => ({
  q: "",
  category: "kimonos",
  sort: "price-asc" as const,
  page: 1,
  ...extra,
});

/**
 * A sale changes the price a shopper pays everywhere the moment it starts and ends: the kept
 * selling price (listings sort and filter by it), the kept pages, and the checkout, which prices
 * from the sale's own window at that moment.
 */
describe.each(databases)("sale prices on $name", (database) => {
  let handle: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values([
      { id: "1", name: "Amani Kimono", description: "d", category: "kimonos", price: 3000 },
      { id: "2", name: "Baraka Kimono", description: "d", category: "kimonos", price: 2500 },
      { id: "3", name: "Chiku Kimono", description: "d", category: "kimonos", price: 2700 },
    ]);
  });
  afterAll(() => handle?.dispose());

  test("the database's rule is the shop's rule", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.option(
          fc.date({
            min: new Date("2000-01-01"),
            max: new Date("2100-01-01"),
            noInvalidDate: true,
          }),
        ),
        fc.option(
          fc.date({
            min: new Date("2000-01-01"),
            max: new Date("2100-01-01"),
            noInvalidDate: true,
          }),
        ),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        async (price, sale, starts, ends, at) => {
          const p = { price, salePrice: sale % price, saleStartsAt: starts, saleEndsAt: ends };
          const result = await handle.db.execute<{ paid: number }>(
            sql`select products_price_at(${price}::int, ${p.salePrice}::int, ${starts?.toISOString() ?? null}::timestamptz, ${ends?.toISOString() ?? null}::timestamptz, ${at.toISOString()}::timestamptz) as paid`,
          );
          expect(result.rows[0]?.paid).toBe(priceAt(p, at));
        },
      ),
      { numRuns: 60 },
    );
  });

  test("a sale saved to run now sells at once: listing order, 'On sale', the product's page, the cart", async () => {
    await handle.db.update(products).set({ salePrice: 2000 }).where(eq(products.id, "1"));
    const listed = await shopListing(handle, listing());
    expect(listed.products.map((p) => [p.id, p.price, p.wasPrice, p.onSale])).toEqual([
      ["1", 2000, 3000, true],
      ["2", 2500, null, false],
      ["3", 2700, null, false],
    ]);
    const onSale = await shopListing(handle, listing({ onSaleOnly: true }));
    expect(onSale.products.map((p) => p.id)).toEqual(["1"]);
    expect(onSale.counts).toMatchObject({ all: 1, kimonos: 1 });
    const { product } = await productPage(handle, "1");
    expect(product).toMatchObject({ price: 2000, wasPrice: 3000, onSale: true });

    const [cart] = await handle.db.insert(carts).values({}).returning();
    await handle.db
      .insert(cartLines)
      .values({ cartId: cart!.id, productId: "1", size: "", quantity: 2 });
    expect(await loadCart(handle.db, cart!.id)).toMatchObject({
      total: 4000,
      items: [{ productId: "1", price: 2000, wasPrice: 3000 }],
    });
    const priced = await priceItems(
      handle.db,
      [{ productId: "1", size: "", quantity: 2 }],
      "pickup",
      0,
    );
    expect(priced.items).toEqual([
      { productId: "1", name: "Amani Kimono", quantity: 2, price: 2000, wasPrice: 3000 },
    ]);
    expect(priced.subtotal).toBe(4000);
  });

  test("the sale clock starts and ends a sale on time; kept pages and listings follow", async () => {
    const stop = startSaleClock(handle);
    try {
      const starts = new Date(Date.now() + 1200);
      const ends = new Date(starts.getTime() + 1200);
      await handle.db
        .update(products)
        .set({ salePrice: 1800, saleStartsAt: starts, saleEndsAt: ends })
        .where(eq(products.id, "2"));
      const pagePrice = async () => (await productPage(handle, "2")).product?.price;
      const firstListed = async () => (await shopListing(handle, listing())).products[0]?.id;
      expect(await pagePrice()).toBe(2500);
      await until(async () => (await pagePrice()) === 1800, 5000);
      expect(Date.now()).toBeGreaterThanOrEqual(starts.getTime());
      expect(await firstListed()).toBe("2");
      await until(async () => (await pagePrice()) === 2500, 5000);
      expect(Date.now()).toBeGreaterThanOrEqual(ends.getTime());
      expect(await firstListed()).toBe("1");
    } finally {
      await stop();
    }
  });

  test("checkout prices from the sale's own window, even before the kept price has moved", async () => {
    // Ended a moment ago, with no clock running: the kept selling price is still the sale's.
    const ends = new Date(Date.now() + 300);
    await handle.db
      .update(products)
      .set({ salePrice: 2200, saleStartsAt: null, saleEndsAt: ends })
      .where(eq(products.id, "3"));
    expect((await productPage(handle, "3")).product?.price).toBe(2200);
    await new Promise((r) => setTimeout(r, 400));
    const priced = await priceItems(
      handle.db,
      [{ productId: "3", size: "", quantity: 1 }],
      "pickup",
      0,
    );
    expect(priced.items[0]).toEqual({
      productId: "3",
      name: "Chiku Kimono",
      quantity: 1,
      price: 2700,
    });
  });

  test("the database refuses a sale at or above the price, and an end before the start", async () => {
    await expect(
      handle.db.update(products).set({ salePrice: 3000 }).where(eq(products.id, "1")),
    ).rejects.toThrow();
    await expect(
      handle.db
        .update(products)
        .set({ saleStartsAt: new Date("2026-12-13"), saleEndsAt: new Date("2026-12-12") })
        .where(eq(products.id, "1")),
    ).rejects.toThrow();
  });
});
