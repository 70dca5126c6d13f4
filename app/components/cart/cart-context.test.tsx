import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { CartProvider, useCart } from "./cart-context";

function Badge() {
  return <span>{useCart().cart.count}</span>;
}

test("useCart outside its provider says so", () => {
  expect(() => renderToString(<Badge />)).toThrow("useCart must be used within a CartProvider");
});

test("useCart inside its provider reads the cart", () => {
  const cart = { count: 3, total: 7500, items: [] };
  expect(
    renderToString(
      <CartProvider value={{ cart, openCart: () => {} }}>
        <Badge />
      </CartProvider>,
    ),
  ).toBe("<span>3</span>");
});
