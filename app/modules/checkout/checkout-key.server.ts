import { createHash } from "node:crypto";
import type { OrderItem } from "~/db/schema";
import type { CheckoutData } from "./checkout-form";

export type Submission = {
  cartId: string;
  provider: string;
  customer: CheckoutData;
  items: readonly OrderItem[];
  total: number;
};

/**
 * The idempotency key of a checkout: the cart that places it and everything the order would be
 * made of, as the server validated and priced it. The same submission from the same cart (a
 * double tap, a retry after an error or a crash) gets the same key; a changed line, price, detail
 * or another cart gets another. Lines are sorted so their order in the request does not count.
 */
export function checkoutKey(submission: Submission): string {
  const lines = submission.items
    .map((i) => JSON.stringify([i.productId, i.size ?? "", i.quantity, i.price]))
    .sort();
  const c = submission.customer;
  const canonical = JSON.stringify([
    submission.cartId,
    submission.provider,
    [c.name, c.phone, c.email, c.address, c.city, c.notes, c.deliveryMethod, c.pickupLocation],
    lines,
    submission.total,
  ]);
  return createHash("sha256").update(canonical).digest("base64url");
}
