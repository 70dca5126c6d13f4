/**
 * The cart's rules (spec section 4), free of React and of the database: a line is a product and
 * a size; adding the same pair again adds to its quantity; a quantity of 0 or below removes it.
 */
import { MAX_LINES, MAX_QUANTITY } from "~/terms/cart-limits";

export { MAX_LINES, MAX_QUANTITY };

export type CartLine = { productId: string; size: string; quantity: number };
export type PricedLine = CartLine & { name: string; price: number; image: string | null };

export const sameLine = (
  a: Pick<CartLine, "productId" | "size">,
  b: Pick<CartLine, "productId" | "size">,
) => a.productId === b.productId && a.size === b.size;

export class CartRuleError extends Error {}

export function addLine(lines: CartLine[], add: CartLine): CartLine[] {
  const existing = lines.find((line) => sameLine(line, add));
  if (existing) {
    const quantity = Math.min(existing.quantity + add.quantity, MAX_QUANTITY);
    return lines.map((line) => (line === existing ? { ...line, quantity } : line));
  }
  if (lines.length >= MAX_LINES) {
    throw new CartRuleError(`Your cart can hold up to ${MAX_LINES} different items.`);
  }
  return [...lines, { ...add, quantity: Math.min(add.quantity, MAX_QUANTITY) }];
}

export function setQuantity(lines: CartLine[], target: CartLine): CartLine[] {
  if (target.quantity <= 0) return removeLine(lines, target);
  const quantity = Math.min(target.quantity, MAX_QUANTITY);
  return lines.map((line) => (sameLine(line, target) ? { ...line, quantity } : line));
}

export function removeLine(
  lines: CartLine[],
  target: Pick<CartLine, "productId" | "size">,
): CartLine[] {
  return lines.filter((line) => !sameLine(line, target));
}

export function itemCount(lines: Pick<CartLine, "quantity">[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartTotal(lines: Pick<PricedLine, "quantity" | "price">[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}
