import type { Db } from "~/db/client.server";
import { asAdmin } from "~/modules/audit/acting-as.server";
import { forgetFeaturedOrder, swapFeatured } from "~/modules/catalog/featured.server";
import { flipProduct } from "~/modules/catalog/product-records.server";

/** The owner's one-click changes to the product list, each in the audit trail as theirs. */

/** Toggles a product's availability (in stock) or its place among the featured. */
export function toggleProduct(
  db: Db,
  id: string,
  field: "inStock" | "isFeatured",
  adminId: string | null,
) {
  return asAdmin(db, adminId, (tx) => flipProduct(tx, id, field));
}

/** Moves one featured product a place up or down in Home's order. */
export function moveFeatured(
  db: Db,
  id: string,
  direction: "up" | "down",
  adminId: string | null = null,
) {
  return asAdmin(db, adminId, (tx) => swapFeatured(tx, id, direction));
}

/** Back to the default: the most recently featured first. */
export async function resetFeaturedOrder(db: Db, adminId: string | null = null) {
  await asAdmin(db, adminId, (tx) => forgetFeaturedOrder(tx));
}
