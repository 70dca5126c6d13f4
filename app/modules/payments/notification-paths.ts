/**
 * Where each payment provider sends its notifications (each path is a route in app/routes.ts).
 * Pure, so the CSRF check can exempt them: a notification carries no authority, it only makes
 * the shop ask the provider for a status.
 */
export const PESAPAL_IPN_PATH = "/api/pesapal/ipn";

export const PAYMENT_NOTIFICATION_PATHS: readonly string[] = [PESAPAL_IPN_PATH];
