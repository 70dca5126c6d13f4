import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { cartChanged } from "~/db/cart-changes.server";
import type { Db, Tx } from "~/db/client.server";
import { cartLines, carts, productStock, products } from "~/db/schema";
import { msg } from "~/i18n/messages";
import { priceNow } from "~/modules/catalog/sale-sql.server";
import { capLine, stockLimitMessage } from "~/modules/inventory/stock-rules";
import { shopCookie } from "~/utils/shop-cookie.server";
import { isUuid } from "~/utils/uuid";
import {
  addLine,
  type CartLine,
  CartRuleError,
  cartTotal,
  itemCount,
  MAX_LINES,
  MAX_QUANTITY,
  removeLine,
  sameLine,
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
  /** The price a shopper pays now; during a sale, the regular price struck through beside it. */
  price: number;
  wasPrice: number | null;
  image: string | null;
  category: string;
  /** False when the product was hidden after it was added: it cannot be bought. */
  available: boolean;
  /** Pieces of its size on the shelf now; null when the size is not tracked. */
  left: number | null;
  /** The line's limit in a sentence when it is at or above what the shelf holds. */
  limit: string | null;
};

export type Cart = { id: string | null; items: CartItem[]; count: number; total: number };

export const EMPTY_CART: Cart = { id: null, items: [], count: 0, total: 0 };

/** The discount code kept with a cart ('Apply' on the cart page); null without one. */
export async function cartCode(db: Db | Tx, cartId: string | null): Promise<string | null> {
  if (!cartId) return null;
  const [row] = await db
    .select({ code: carts.discountCode })
    .from(carts)
    .where(eq(carts.id, cartId));
  return row?.code ?? null;
}

/** Keeps a code with the cart (the shopper's 'Apply'), or lets it go (null: 'Remove'). */
export async function setCartCode(db: Db, cartId: string, code: string | null) {
  await db.update(carts).set({ discountCode: code }).where(eq(carts.id, cartId));
}

/**
 * The cart with today's prices from the database (never the prices it was added at), and each
 * line's stock as it is now: read on every page, so a line the shelf can no longer fill says so.
 */
export async function loadCart(db: Db | Tx, cartId: string | null): Promise<Cart> {
  if (!cartId) return EMPTY_CART;
  const rows = await db
    .select({
      productId: cartLines.productId,
      size: cartLines.size,
      quantity: cartLines.quantity,
      name: products.name,
      price: priceNow,
      wasPrice: sql<number | null>`nullif(${products.price}, ${priceNow})`,
      image: sql<string | null>`${products.images}[1]`,
      category: products.category,
      available: products.inStock,
      left: productStock.quantity,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(
      productStock,
      and(eq(productStock.productId, cartLines.productId), eq(productStock.size, cartLines.size)),
    )
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId), asc(cartLines.size));
  const items = rows.map((r) => ({
    ...r,
    limit: r.left !== null && r.quantity >= r.left ? stockLimitMessage(r.size, r.left) : null,
  }));
  const buyable = items.filter((r) => r.available);
  return { id: cartId, items, count: itemCount(items), total: cartTotal(buyable) };
}

export class CartError extends Error {}

/**
 * Checks that a product can go into a cart with this size, and says why not otherwise. Answers
 * the size to add: a product in one size only ('One Size') needs no choice.
 */
async function checkProductAndSize(db: Db | Tx, productId: string, size: string) {
  const [product] = await db
    .select({ name: products.name, sizes: products.sizes, inStock: products.inStock })
    .from(products)
    .where(eq(products.id, productId));
  if (!product?.inStock) throw new CartError(msg.productNotAvailable);
  if (!size && product.sizes.length === 1) return product.sizes[0]!;
  if (product.sizes.length > 0 && !size) throw new CartError(msg.chooseASize);
  if (size && !product.sizes.includes(size)) {
    throw new CartError(`${product.name} does not come in size ${size}.`);
  }
  return size;
}

/** Pieces of a product's size on the shelf now; null when the size is not tracked. */
async function piecesLeft(tx: Tx, productId: string, size: string) {
  const [row] = await tx
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row ? row.quantity : null;
}

/**
 * A line asked to grow to `target`, kept within the shelf (only a look: checkout's hold decides).
 * Answers the quantity to store and, when the shopper got less than asked, why.
 */
async function withinStock(tx: Tx, line: CartLine, current: number, target: number) {
  const left = await piecesLeft(tx, line.productId, line.size);
  const { quantity, capped } = capLine(current, target, left);
  return { quantity, notice: capped ? stockLimitMessage(line.size, left ?? 0) : null };
}

/** A cart change's outcome: the cart's id, and a sentence when the shelf held less than asked. */
export type CartChange = { id: string; notice: string | null };

/**
 * Applies a change to a cart's lines under a row lock, with the same rules as the browser's
 * optimistic copy, so quick taps never lose an update. Creates the cart when there is none.
 */
async function changeLines(
  db: Db,
  cartId: string | null,
  change: (lines: CartLine[], tx: Tx) => Promise<CartLine[]>,
) {
  try {
    return await changeLinesNow(db, cartId, change);
  } finally {
    // After the commit (or the rollback): the storefront reads this cart afresh. (A new cart
    // was never read.)
    if (cartId) cartChanged(cartId);
  }
}

async function changeLinesNow(
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
  if (!Number.isInteger(quantity)) throw new CartError(msg.chooseWholeNumber);
  return quantity;
};

/**
 * Adds pieces to a cart, as many as the shelf has: asked for more, the line grows to what is
 * there and the notice says how many are left ('Only 2 left in size M').
 */
export async function addToCart(
  db: Db,
  cartId: string | null,
  line: CartLine,
): Promise<CartChange> {
  const quantity = cleanQuantity(line.quantity);
  if (quantity < 1 || quantity > MAX_QUANTITY) {
    throw new CartError(msg.chooseBetween(MAX_QUANTITY));
  }
  let notice: string | null = null;
  const id = await changeLines(db, cartId, async (lines, tx) => {
    // A one-size piece takes its only size when none was sent.
    const sized = { ...line, size: await checkProductAndSize(tx, line.productId, line.size) };
    const current = lines.find((l) => sameLine(l, sized))?.quantity ?? 0;
    const kept = await withinStock(tx, sized, current, current + quantity);
    notice = kept.notice;
    if (kept.quantity === current) return lines;
    try {
      return addLine(lines, { ...sized, quantity: kept.quantity - current });
    } catch (error) {
      if (error instanceof CartRuleError) throw new CartError(error.message);
      throw error;
    }
  });
  return { id, notice };
}

/** Sets a line's quantity (0 removes it); more than the shelf has stops at what is there. */
export async function updateQuantity(db: Db, cartId: string, line: CartLine): Promise<CartChange> {
  const quantity = cleanQuantity(line.quantity);
  let notice: string | null = null;
  const id = await changeLines(db, cartId, async (lines, tx) => {
    const current = lines.find((l) => sameLine(l, line))?.quantity;
    if (current === undefined || quantity <= current) {
      return setQuantity(lines, { ...line, quantity });
    }
    const kept = await withinStock(tx, line, current, quantity);
    notice = kept.notice;
    return setQuantity(lines, { ...line, quantity: kept.quantity });
  });
  return { id, notice };
}

export function removeFromCart(db: Db, cartId: string, line: Pick<CartLine, "productId" | "size">) {
  return changeLines(db, cartId, async (lines) => removeLine(lines, line));
}

export async function clearCart(db: Db, cartId: string) {
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  cartChanged(cartId);
}

/**
 * Puts lines back into a cart (after a failed payment, or 'Undo' after clearing it), skipping
 * what can no longer be bought: a product hidden since, or a size it no longer comes in.
 */
export async function restoreItems(db: Db, cartId: string | null, items: CartLine[]) {
  const ids = [...new Set(items.map((i) => i.productId))];
  const buyable = ids.length
    ? await db
        .select({ id: products.id, sizes: products.sizes })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.inStock, true)))
    : [];
  const sizesOf = new Map(buyable.map((p) => [p.id, p.sizes]));
  const fits = (item: CartLine) => {
    const sizes = sizesOf.get(item.productId);
    return sizes !== undefined && (sizes.length ? sizes.includes(item.size) : item.size === "");
  };
  return changeLines(db, cartId, async (lines) => {
    let next = lines;
    for (const item of items) {
      if (!fits(item)) continue;
      try {
        next = addLine(next, item);
      } catch {
        // A full cart keeps what it has.
      }
    }
    return next;
  });
}

/**
 * The lines a browser sends back for 'Undo' (fields repeated in order: productId, size,
 * quantity), checked like any other cart change; malformed input is refused with a sentence.
 */
export function linesFromForm(form: FormData): CartLine[] {
  const ids = form.getAll("productId");
  const sizes = form.getAll("size");
  const quantities = form.getAll("quantity");
  if (ids.length !== sizes.length || ids.length !== quantities.length || ids.length > MAX_LINES) {
    throw new CartError(msg.linesUnreadable);
  }
  return ids.map((id, i) => {
    const quantity = Number(quantities[i]);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      throw new CartError(msg.chooseBetween(MAX_QUANTITY));
    }
    return { productId: String(id).slice(0, 40), size: String(sizes[i]).slice(0, 20), quantity };
  });
}
