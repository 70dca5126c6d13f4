import { createContext, type ReactNode, useContext } from "react";

export type CartSummaryItem = {
  productId: string;
  size: string;
  quantity: number;
  name: string;
  price: number;
  image: string | null;
  available: boolean;
  /** Pieces of its size on the shelf (null: not tracked). */
  left?: number | null;
  /** The line's limit in a sentence once it reaches what the shelf holds: no more to add. */
  limit?: string | null;
};
/** Free delivery as the server priced it: earned, or how much more the cart needs (0: no offer). */
export type CartDelivery = { free: boolean; shortBy: number };
export type CartSummary = {
  count: number;
  total: number;
  items: CartSummaryItem[];
  delivery?: CartDelivery;
};

type CartContextValue = { cart: CartSummary; openCart: () => void };

const CartContext = createContext<CartContextValue | null>(null);

/** The cart as the server last rendered it, for the header, the drawer and the add buttons. */
export function CartProvider({
  value,
  children,
}: {
  value: CartContextValue;
  children: ReactNode;
}) {
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used within a CartProvider");
  return value;
}
