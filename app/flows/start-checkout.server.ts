import type { DatabaseHandle } from "~/db/client.server";
import { clearCart, readCartId } from "~/modules/cart/cart.server";
import type { RequestedItem } from "~/modules/checkout/pricing";
import { holdTermsOf } from "~/modules/inventory/stock-rules";
import { purchaseTriedAgain } from "~/modules/orders/order-success.server";
import type { PaymentProviders } from "~/modules/payments/registry";
import type { Settings } from "~/settings.server";
import { type Language, pathLanguage } from "~/utils/language";
import { placeOrder } from "./place-order.server";

type CheckoutRequest = {
  /** The checkout form's fields (name, phone, email, delivery...), validated by placeOrder. */
  form: Record<string, unknown>;
  items: RequestedItem[];
  /** The total the shopper saw, when the client sent one. */
  clientTotal?: number;
  /** The payment provider the shopper chose, by name; the shop's default when not given. */
  provider?: string;
  /** Another M-Pesa number for the prompt, as typed. */
  payerPhone?: unknown;
  /** The discount code the shopper applied, as typed. */
  discountCode?: string;
  /** The address the request comes from, for the checkout throttle. */
  clientAddress: string;
};

/**
 * Checkout as the shop runs it, for the cart page's form and for POST /api/checkout alike: the
 * order is placed with the shop's database, payment providers and public address, and remembers
 * the cart the request's cookie names (so the cart can be emptied once the order is paid).
 */
export async function startCheckout(
  shop: {
    database: Pick<DatabaseHandle, "db" | "lockWhile">;
    payments: PaymentProviders;
    settings: Settings;
  },
  request: Request,
  order: CheckoutRequest,
) {
  const env = shop.settings;
  const cartId = await readCartId(request);
  const placed = await placeOrder(shop.database, shop.payments, {
    ...order,
    cartId,
    language: checkoutLanguage(request),
    retryOf: await purchaseTriedAgain(shop.database.db, request, cartId),
    publicUrl: env.PUBLIC_URL,
    shopName: env.SHOP_NAME,
    hold: holdTermsOf(env),
    messages: env,
    freeDeliveryOver: env.FREE_DELIVERY_OVER,
  });
  // Paid already (its code paid it all): the cart is done with, as after a payment's return.
  if (placed.paid && cartId) await clearCart(shop.database.db, cartId);
  return placed;
}

/**
 * The language a checkout came in: its page's (under `/sw`, Kiswahili), or for the JSON checkout
 * the page that sent it, as its Referer names it. Only the shopper's own messages depend on it.
 */
function checkoutLanguage(request: Request): Language {
  const own = pathLanguage(new URL(request.url).pathname);
  if (own === "sw") return own;
  try {
    return pathLanguage(new URL(request.headers.get("referer") ?? "").pathname);
  } catch {
    return "en";
  }
}
