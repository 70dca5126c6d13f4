import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { cartLines, carts, products } from "~/db/schema";
import { shopCookie } from "~/utils/shop-cookie.server";
import { isUuid } from "~/utils/uuid";
import {
  addLine,
  type CartLine,
  CartRuleError,
  cartTotal,
  itemCount,
  MAX_QUANTITY,
  removeLine,
  setQuantity,
} from "./cart-rules";

/**
 * The cart lives in the database, found by the id in an http-only cookie: it survives reloads,
 * the header badge is right in the first HTML, and adding works without JavaScript.
 */
export const cartCookie = shopCookie("cart", { maxAge: 60 * 60 * 24 * 60 });

export async function readCartId(request: Request): Promise<string | null> {
  const value = await cartCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && isUuid(value) ? value : null;
}

export type CartItem = {
  productId: string;
  size: string;
  quantity: number;
  name: string;
  price: number;
  image: string | null;
  category: string;
  /** False when the product was hidden after it was added: it cannot be bought. */
  available: boolean;
};

export type Cart = { id: string | null; items: CartItem[]; count: number; total: number };

export const EMPTY_CART: Cart = { id: null, items: [], count: 0, total: 0 };

/** The cart with today's prices from the database (never the prices it was added at). */
export async function loadCart(db: Db | Tx, cartId: string | null): Promise<Cart> {
  if (!cartId) return EMPTY_CART;
  const rows = await db
    .select({
      productId: cartLines.productId,
      size: cartLines.size,
      quantity: cartLines.quantity,
      name: products.name,
      price: products.price,
      image: sql<string | null>`${products.images}[1]`,
      category: products.category,
      available: products.inStock,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId), asc(cartLines.size));
  const buyable = rows.filter((r) => r.available);
  return { id: cartId, items: rows, count: itemCount(rows), total: cartTotal(buyable) };
}

export class CartError extends Error {}

/** Checks that a product can go into a cart with this size, and says why not otherwise. */
async function checkProductAndSize(db: Db | Tx, productId: string, size: string) {
  const [product] = await db
    .select({ name: products.name, sizes: products.sizes, inStock: products.inStock })
    .from(products)
    .where(eq(products.id, productId));
  if (!product?.inStock) throw new CartError("Sorry, that product is not available.");
  if (product.sizes.length > 0 && !size) throw new CartError("Please choose a size.");
  if (size && !product.sizes.includes(size)) {
    throw new CartError(`${product.name} does not come in size ${size}.`);
  }
}

/**
 * Applies a change to a cart's lines under a row lock, with the same rules as the browser's
 * optimistic copy, so quick taps never lose an update. Creates the cart when there is none.
 */
async function changeLines(
  db: Db,
  cartId: string | null,
  change: (lines: CartLine[], tx: Tx) => Promise<CartLine[]>,
) {
  return db.transaction(async (tx) => {
    let id = cartId;
    const [existing] = id
      ? await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, id)).for("update")
      : [];
    if (!existing) {
      const [created] = await tx.insert(carts).values({}).returning({ id: carts.id });
      id = created!.id;
    }
    const current = await tx
      .select({
        productId: cartLines.productId,
        size: cartLines.size,
        quantity: cartLines.quantity,
      })
      .from(cartLines)
      .where(eq(cartLines.cartId, id!));
    const next = await change(current, tx);
    const key = (l: CartLine) => `${l.productId}\u0000${l.size}`;
    const before = new Map(current.map((l) => [key(l), l]));
    const after = new Map(next.map((l) => [key(l), l]));
    const removed = current.filter((l) => !after.has(key(l)));
    for (const line of removed) {
      await tx
        .delete(cartLines)
        .where(
          and(
            eq(cartLines.cartId, id!),
            eq(cartLines.productId, line.productId),
            eq(cartLines.size, line.size),
          ),
        );
    }
    for (const line of next) {
      const old = before.get(key(line));
      if (!old) await tx.insert(cartLines).values({ cartId: id!, ...line });
      else if (old.quantity !== line.quantity) {
        await tx
          .update(cartLines)
          .set({ quantity: line.quantity })
          .where(
            and(
              eq(cartLines.cartId, id!),
              eq(cartLines.productId, line.productId),
              eq(cartLines.size, line.size),
            ),
          );
      }
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id!));
    return id!;
  });
}

const cleanQuantity = (quantity: number) => {
  if (!Number.isInteger(quantity)) throw new CartError("Please choose a whole number of items.");
  return quantity;
};

export async function addToCart(db: Db, cartId: string | null, line: CartLine): Promise<string> {
  const quantity = cleanQuantity(line.quantity);
  if (quantity < 1 || quantity > MAX_QUANTITY) {
    throw new CartError(`Please choose between 1 and ${MAX_QUANTITY} items.`);
  }
  return changeLines(db, cartId, async (lines, tx) => {
    await checkProductAndSize(tx, line.productId, line.size);
    try {
      return addLine(lines, { ...line, quantity });
    } catch (error) {
      if (error instanceof CartRuleError) throw new CartError(error.message);
      throw error;
    }
  });
}

export function updateQuantity(db: Db, cartId: string, line: CartLine) {
  const quantity = cleanQuantity(line.quantity);
  return changeLines(db, cartId, async (lines) => setQuantity(lines, { ...line, quantity }));
}

export function removeFromCart(db: Db, cartId: string, line: Pick<CartLine, "productId" | "size">) {
  return changeLines(db, cartId, async (lines) => removeLine(lines, line));
}

export async function clearCart(db: Db | Tx, cartId: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

/** Puts items back into a cart (after a failed payment), skipping what can no longer be bought. */
export async function restoreItems(db: Db, cartId: string | null, items: CartLine[]) {
  const ids = [...new Set(items.map((i) => i.productId))];
  const buyable = ids.length
    ? await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.inStock, true)))
    : [];
  const ok = new Set(buyable.map((p) => p.id));
  return changeLines(db, cartId, async (lines) => {
    let next = lines;
    for (const item of items) {
      if (!ok.has(item.productId)) continue;
      try {
        next = addLine(next, item);
      } catch {
        // A full cart keeps what it has.
      }
    }
    return next;
  });
}
