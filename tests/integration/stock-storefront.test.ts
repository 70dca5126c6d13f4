import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { productStock, products, user } from "~/db/schema";
import { releasePieces } from "~/flows/order-stock.server";
import { addToCart, loadCart, updateQuantity } from "~/modules/cart/cart.server";
import { shopListing } from "~/modules/catalog/listing.server";
import { featuredProducts, productPage } from "~/modules/catalog/products.server";
import { setStock } from "~/modules/inventory/stock.server";
import { sizeAvailability } from "~/modules/inventory/stock-rules";
import { databases } from "../setup/databases";
import { holdPieces } from "../setup/orders";

const ADMIN = "storefront-stock-admin";

describe.each(databases)("the storefront tells the truth about stock, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let made = 0;

  /** A product of the test's own, in a category of its own so counts are the test's alone. */
  const newProduct = async (
    name: string,
    category: string,
    sizes: string[],
    stock: Record<string, number>,
  ) => {
    made += 1;
    const id = `96${String(made).padStart(2, "0")}`;
    await handle.db
      .insert(products)
      .values({ id, name, description: "A piece on the shelf.", category, price: 2000, sizes });
    for (const [size, quantity] of Object.entries(stock)) {
      await setStock(handle.db, { productId: id, size, quantity, adminId: ADMIN });
    }
    return id;
  };
  const listing = (q: string, inStockOnly: boolean, category = "all") =>
    shopListing(handle, { q, category, sort: "name", page: 1, inStockOnly });
  const storedSoldOut = async (id: string) =>
    (
      await handle.db
        .select({ soldOut: products.soldOut })
        .from(products)
        .where(eq(products.id, id))
    )[0]?.soldOut;
  const holdFor = (productId: string, size: string, quantity: number) =>
    holdPieces(handle.db, { productId, size, quantity, price: 2000 });

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.insert(user).values({ id: ADMIN, name: "Owner", email: "owner@example.test" });
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  test("cards know a product sold out in every size, and which sizes are gone", async () => {
    const gone = await newProduct("Kanga Gone Dress", "skirts", ["S", "M"], { S: 0, M: 0 });
    const partly = await newProduct("Kanga Partly Dress", "skirts", ["S", "M"], { S: 0, M: 2 });
    const untracked = await newProduct("Kanga Free Dress", "skirts", ["S", "M"], { S: 0 });
    const bag = await newProduct("Kanga Gone Bag", "skirts", [], { "": 0 });
    const cards = (await listing("Kanga", false)).products;
    const card = (id: string) => cards.find((c) => c.id === id);
    expect(card(gone)).toMatchObject({ soldOut: true, soldOutSizes: ["S", "M"] });
    expect(card(partly)).toMatchObject({ soldOut: false, soldOutSizes: ["S"] });
    // A size that is not counted sells: the product is not sold out.
    expect(card(untracked)).toMatchObject({ soldOut: false, soldOutSizes: ["S"] });
    expect(card(bag)).toMatchObject({ soldOut: true, soldOutSizes: [""] });
  });

  test("the cards' sold-out rule in SQL is the product page's rule, for any sizes and counts", async () => {
    const SIZES = ["S", "M", "L"];
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(SIZES),
        // Per size (or '' without sizes): not counted, or a count near zero.
        fc.array(fc.option(fc.nat({ max: 2 }), { nil: null }), { minLength: 4, maxLength: 4 }),
        async (sizes, counts) => {
          const stock: Record<string, number> = {};
          // Counts of sizes the product does not offer too, which must not matter.
          for (const [i, size] of ["", ...SIZES].entries()) {
            if (counts[i] !== null && counts[i] !== undefined) stock[size] = counts[i]!;
          }
          const name = `Rule Dress ${made + 1}`;
          const id = await newProduct(name, "blazers", sizes, {});
          const rows = Object.entries(stock).map(([size, quantity]) => ({
            productId: id,
            size,
            quantity,
          }));
          if (rows.length) await handle.db.insert(productStock).values(rows);
          const card = (await listing(name, false)).products.find((p) => p.id === id)!;
          expect(card.soldOut).toBe(sizeAvailability(sizes, stock).soldOut);
          const hidden = !(await listing(name, true)).products.some((p) => p.id === id);
          expect(hidden).toBe(card.soldOut);
          // The database's own copy, which listings sort by, agrees; and again once the sizes
          // on offer change.
          expect(await storedSoldOut(id)).toBe(card.soldOut);
          const fewer = sizes.slice(1);
          await handle.db.update(products).set({ sizes: fewer }).where(eq(products.id, id));
          expect(await storedSoldOut(id)).toBe(sizeAvailability(fewer, stock).soldOut);
        },
      ),
      { numRuns: 40 },
    );
  });

  test("'In stock only' leaves out what is sold out in every size; the total and the counts follow", async () => {
    await newProduct("Pwani Gone Top", "tops", ["M"], { M: 0 });
    await newProduct("Pwani Kept Top", "tops", ["M"], { M: 1 });
    await newProduct("Pwani Kept Trousers", "trousers", [], {});
    const all = await listing("Pwani", false);
    expect(all.total).toBe(3);
    expect(all.counts).toMatchObject({ all: 3, tops: 2, trousers: 1 });
    const inStock = await listing("Pwani", true);
    expect(inStock.products.map((p) => p.name)).toEqual(["Pwani Kept Top", "Pwani Kept Trousers"]);
    expect(inStock.total).toBe(2);
    expect(inStock.counts).toMatchObject({ all: 2, tops: 1, trousers: 1 });
    expect((await listing("Pwani", true, "tops")).total).toBe(1);
  });

  test("a hold, a release and an admin's change show on the very next listing, counts included", async () => {
    const id = await newProduct("Jua Last Kimono", "kimonos", ["L"], { L: 1 });
    const seen = async () => {
      const page = await listing("Jua Last", true);
      return { total: page.total, kimonos: page.counts.kimonos ?? 0 };
    };
    // The unfiltered counts are kept a while; they do not depend on stock.
    expect((await listing("Jua Last", false)).counts.kimonos).toBe(1);
    expect(await seen()).toEqual({ total: 1, kimonos: 1 });
    const orderId = await holdFor(id, "L", 1);
    expect(await seen()).toEqual({ total: 0, kimonos: 0 });
    const sold = await listing("Jua Last", false);
    expect(sold.products[0]).toMatchObject({ id, soldOut: true });
    expect(sold.counts.kimonos).toBe(1);
    await handle.db.transaction((tx) => releasePieces(tx, orderId, "payment failed"));
    expect(await seen()).toEqual({ total: 1, kimonos: 1 });
    // Straight to the database, as another process would: nothing here could forget a cache, so
    // the next answer is right only because nothing kept the old one.
    await handle.db.execute(
      `update product_stock set quantity = 0 where product_id = '${id}' and size = 'L'`,
    );
    expect(await seen()).toEqual({ total: 0, kimonos: 0 });
    await setStock(handle.db, { productId: id, size: "L", quantity: 4, adminId: ADMIN });
    expect(await seen()).toEqual({ total: 1, kimonos: 1 });
  });

  test("sold-out products sink below the others in every order, and leave Featured and 'You might also like'", async () => {
    const gone = await newProduct("Aaa Sinking Shuka", "ponchos", ["M"], { M: 1 });
    const cheap = await newProduct("Zzz Sinking Shuka", "ponchos", [], {});
    await handle.db
      .update(products)
      .set({ price: 900, isFeatured: true })
      .where(eq(products.id, gone));
    await handle.db.update(products).set({ isFeatured: true }).where(eq(products.id, cheap));
    const order = async (sort: "name" | "price-asc" | "relevance") =>
      (await shopListing(handle, { q: "sinking", category: "all", sort, page: 1 })).products.map(
        (p) => p.id,
      );
    expect(await order("name")).toEqual([gone, cheap]);
    expect(await order("price-asc")).toEqual([gone, cheap]);
    expect(await featuredProducts(handle.db, 100)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: gone })]),
    );
    // Its last piece is held: it sinks, whatever the order, and leaves the lists that sell.
    const orderId = await holdFor(gone, "M", 1);
    for (const sort of ["name", "price-asc", "relevance"] as const) {
      expect(await order(sort)).toEqual([cheap, gone]);
    }
    expect((await featuredProducts(handle.db, 100)).map((p) => p.id)).not.toContain(gone);
    const page = await productPage(handle, cheap);
    expect(page.related.map((p) => p.id)).not.toContain(gone);
    // Back on the shelf, back in its place.
    await handle.db.transaction((tx) => releasePieces(tx, orderId, "payment failed"));
    expect(await order("name")).toEqual([gone, cheap]);
    // A product deleted with its stock leaves nothing behind.
    await handle.db.delete(products).where(eq(products.id, gone));
    expect(await order("name")).toEqual([cheap]);
  });

  test("adding more than the shelf holds adds what is there and says how many are left", async () => {
    const dress = await newProduct("Imani Short Run", "dresses", ["S", "M"], { S: 2, M: 0 });
    const first = await addToCart(handle.db, null, { productId: dress, size: "S", quantity: 1 });
    expect(first.notice).toBeNull();
    const more = await addToCart(handle.db, first.id, { productId: dress, size: "S", quantity: 5 });
    expect(more).toEqual({ id: first.id, notice: "Only 2 left in size S" });
    const again = await addToCart(handle.db, first.id, {
      productId: dress,
      size: "S",
      quantity: 1,
    });
    expect(again.notice).toBe("Only 2 left in size S");
    const gone = await addToCart(handle.db, first.id, { productId: dress, size: "M", quantity: 1 });
    expect(gone.notice).toBe("Size M is sold out");
    const cart = await loadCart(handle.db, first.id);
    expect(cart.items.map((i) => [i.size, i.quantity, i.left, i.limit])).toEqual([
      ["S", 2, 2, "Only 2 left in size S"],
    ]);

    // Without sizes, a sentence without a size.
    const bag = await newProduct("Imani One Bag", "accessories", [], { "": 1 });
    const bagCart = await addToCart(handle.db, null, { productId: bag, size: "", quantity: 3 });
    expect(bagCart.notice).toBe("Only 1 left");
    const noMore = await addToCart(handle.db, bagCart.id, {
      productId: bag,
      size: "",
      quantity: 1,
    });
    expect(noMore.notice).toBe("Only 1 left");
    expect((await loadCart(handle.db, bagCart.id)).items[0]).toMatchObject({ quantity: 1 });
  });

  test("the stepper stops at the shelf; a line the shelf sold from shows its limit and may go down", async () => {
    const dress = await newProduct("Baraka Stepper Dress", "dresses", ["L"], { L: 3 });
    const { id: cartId } = await addToCart(handle.db, null, {
      productId: dress,
      size: "L",
      quantity: 2,
    });
    expect((await loadCart(handle.db, cartId)).items[0]).toMatchObject({ left: 3, limit: null });
    expect(
      await updateQuantity(handle.db, cartId, { productId: dress, size: "L", quantity: 3 }),
    ).toEqual({
      id: cartId,
      notice: null,
    });
    const capped = await updateQuantity(handle.db, cartId, {
      productId: dress,
      size: "L",
      quantity: 4,
    });
    expect(capped.notice).toBe("Only 3 left in size L");
    expect((await loadCart(handle.db, cartId)).items[0]).toMatchObject({
      quantity: 3,
      limit: "Only 3 left in size L",
    });
    // Another shopper's checkout takes two: the line is above the shelf, and says so on load.
    await holdFor(dress, "L", 2);
    expect((await loadCart(handle.db, cartId)).items[0]).toMatchObject({
      quantity: 3,
      left: 1,
      limit: "Only 1 left in size L",
    });
    // Plus never shrinks it; minus lowers it as asked.
    const plus = await updateQuantity(handle.db, cartId, {
      productId: dress,
      size: "L",
      quantity: 4,
    });
    expect(plus.notice).toBe("Only 1 left in size L");
    expect((await loadCart(handle.db, cartId)).items[0]!.quantity).toBe(3);
    await updateQuantity(handle.db, cartId, { productId: dress, size: "L", quantity: 2 });
    expect((await loadCart(handle.db, cartId)).items[0]!.quantity).toBe(2);
    // Untracked lines have no limit.
    await handle.db
      .update(products)
      .set({ sizes: ["L", "XL"] })
      .where(eq(products.id, dress));
    const free = await addToCart(handle.db, cartId, { productId: dress, size: "XL", quantity: 40 });
    expect(free.notice).toBeNull();
  });
});
