/**
 * Where the cart page keeps what the shopper typed into the checkout (this tab's session
 * storage), for a reload; the order's page lets it go once the order is placed.
 */
export const CHECKOUT_DRAFT = "checkout-draft";
