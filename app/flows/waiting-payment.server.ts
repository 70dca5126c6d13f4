import { attemptOfPage } from "~/modules/orders/payment-attempts.server";
import { readWaitingPayment } from "~/modules/orders/payment-waiting.server";
import { checkAttempt } from "./check-attempts.server";
import type { SettlingShop } from "./settle-payment.server";

/**
 * The waiting page: the provider is asked about the attempt first (at most every few seconds per
 * order), then the page reads where it stands.
 */
export async function waitingPayment(
  shop: SettlingShop,
  page: string,
  cartId: string | null = null,
) {
  const found = await attemptOfPage(shop.db, page);
  if (!found) return null;
  await checkAttempt(shop, found);
  return readWaitingPayment(shop, page, cartId);
}
