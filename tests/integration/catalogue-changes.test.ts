import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/db/client.server";
import { cartLines, carts, productStock, products } from "~/db/schema";
import { rememberedCart } from "~/modules/cart/cart-memory.server";
import { shopListing, stockedCategories } from "~/modules/catalog/listing.server";
import { productPage } from "~/modules/catalog/products.server";
import { bothDatabases as databases } from "../setup/databases";

/**
 * Kept pages and counts are only as good as the catalogue version they were made at: every
 * committed change to products or their stock moves it, at once in the process that made it
 * and within a second in another process on the same PostgreSQL database.
 */
describe.each(databases)("catalogue changes on $name", (database) => {
  let handle: Awaited<ReturnType<typeof database.open>>;
  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(products).values([
      { id: "1", name: "Amani Kimono", description: "d", category: "kimonos", price: 1000 },
      { id: "2", name: "Jua Romper", description: "d", category: "kids-wear", price: 900 },
    ]);
    await handle.db.insert(productStock).values({ productId: "1", size: "M", quantity: 2 });
  });
  afterAll(() => handle?.dispose());

  test("a product's change moves the version before the write returns", async () => {
    const before = handle.catalogue.version();
    await handle.db.update(products).set({ price: 1100 }).where(eq(products.id, "1"));
    expect(handle.catalogue.version()).toBeGreaterThan(before);
  });

  test("a stock change moves it only when its transaction commits", async () => {
    const before = handle.catalogue.version();
    await handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`update product_stock set quantity = quantity - 1 where product_id = '1'`,
      );
      expect(handle.catalogue.version()).toBe(before);
    });
    expect(handle.catalogue.version()).toBeGreaterThan(before);
    const rolledBack = handle.catalogue.version();
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.update(products).set({ price: 5 }).where(eq(products.id, "2"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(handle.catalogue.version()).toBe(rolledBack);
  });

  test("other tables leave it alone", async () => {
    const before = handle.catalogue.version();
    await handle.db.execute(sql`select count(*) from orders`);
    await handle.db.execute(sql`insert into app_meta (key, value) values ('x', 'y')`);
    expect(handle.catalogue.version()).toBe(before);
  });

  test("a product's page and the listing, kept between reads, follow a price, a stock change and hiding on the next read", async () => {
    const listing = { q: "", category: "kimonos", sort: "name" as const, page: 1 };
    const priceOnPage = async () => (await productPage(handle, "1")).product?.price;
    const listed = async () => (await shopListing(handle, listing)).products.map((p) => p.price);
    await handle.db
      .update(products)
      .set({ price: 1200, sizes: ["M"] })
      .where(eq(products.id, "1"));
    expect(await priceOnPage()).toBe(1200);
    expect(await listed()).toEqual([1200]);
    // Read again with nothing changed: the same, from what was kept.
    expect(await priceOnPage()).toBe(1200);

    await handle.db.update(products).set({ price: 1300 }).where(eq(products.id, "1"));
    expect(await priceOnPage()).toBe(1300);
    expect(await listed()).toEqual([1300]);

    await handle.db.execute(sql`update product_stock set quantity = 1 where product_id = '1'`);
    expect((await productPage(handle, "1")).product?.stock.sizes).toEqual([
      expect.objectContaining({ size: "M", left: 1, low: true }),
    ]);

    await handle.db.update(products).set({ inStock: false }).where(eq(products.id, "1"));
    expect((await productPage(handle, "1")).product).toBeNull();
    expect(await listed()).toEqual([]);
    await handle.db.update(products).set({ inStock: true }).where(eq(products.id, "1"));
    expect(await listed()).toEqual([1300]);
  });

  test("the categories on show follow a product hidden a moment ago", async () => {
    expect(await stockedCategories(handle)).toContain("kids-wear");
    await handle.db.update(products).set({ inStock: false }).where(eq(products.id, "2"));
    expect(await stockedCategories(handle)).not.toContain("kids-wear");
  });
});

const postgres = databases.find((d) => d.name === "PostgreSQL");

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/** Two processes' views of one PostgreSQL database: each its own pool and listener. */
async function twoProcesses(work: (first: Handle, second: Handle) => Promise<void>) {
  const first = await postgres!.open();
  const url = first.connection.kind === "postgres" ? first.connection.url : "";
  const second = await openDatabase({ databaseUrl: url, dataDir: "." });
  try {
    await work(first, second);
  } finally {
    await second.close();
    await first.dispose();
  }
}

/** Polls a reading of the second process until it shows the first's change, for a second. */
const within1s = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1000, interval: 20 });

describe.runIf(postgres)("catalogue changes across processes on PostgreSQL", () => {
  test("another process's change reaches this one within a second, even with its pool idle", async () => {
    await twoProcesses(async (first, second) => {
      await first.db.insert(products).values({
        id: "7",
        name: "Neema Dress",
        description: "d",
        category: "dresses",
        price: 2000,
      });
      expect(await stockedCategories(second)).toContain("dresses");
      const before = second.catalogue.version();
      await first.db.update(products).set({ inStock: false }).where(eq(products.id, "7"));
      await within1s(async () => second.catalogue.version()).toBeGreaterThan(before);
      expect(await stockedCategories(second)).not.toContain("dresses");

      // A product's page kept by the second process follows the first's change as quickly.
      await first.db
        .update(products)
        .set({ inStock: true, price: 2000 })
        .where(eq(products.id, "7"));
      await within1s(async () => (await productPage(second, "7")).product?.price).toBe(2000);
      await first.db.update(products).set({ price: 1500 }).where(eq(products.id, "7"));
      await within1s(async () => (await productPage(second, "7")).product?.price).toBe(1500);
    });
  });
});

describe.runIf(postgres)("carts across processes on PostgreSQL", () => {
  test("a cart kept by one process follows another process's change within a second", async () => {
    await twoProcesses(async (first, second) => {
      await first.db.insert(products).values({
        id: "8",
        name: "Zawadi Wrap",
        description: "d",
        category: "dresses",
        price: 1800,
      });
      const [cart] = await first.db.insert(carts).values({}).returning({ id: carts.id });
      const id = cart!.id;
      const count = async () => (await rememberedCart(second, id)).count;
      expect(await count()).toBe(0);
      // Written straight to the table, as another process would: only the database's
      // notification can tell the second process.
      await first.db.insert(cartLines).values({ cartId: id, productId: "8", quantity: 2 });
      await within1s(count).toBe(2);
      await first.db.update(cartLines).set({ quantity: 3 });
      await within1s(count).toBe(3);
      await first.db.delete(cartLines);
      await within1s(count).toBe(0);
    });
  });
});
