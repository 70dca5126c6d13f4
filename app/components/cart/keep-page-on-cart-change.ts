import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * A cart change (add, stepper, remove: posts to /cart) changes the cart, not the page under it:
 * only the layout's cart is loaded again, not the listing or the product.
 */
export function keepPageOnCartChange({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formAction === "/cart" ? false : defaultShouldRevalidate;
}
