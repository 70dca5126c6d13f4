import { getDb } from "~/db/client.server";
import { receivePaymentNotification } from "~/modules/orders/payment-notification.server";
import { PESAPAL } from "~/modules/payments/pesapal/client.server";
import { getPaymentProviders } from "~/modules/payments/providers.server";
import type { Route } from "./+types/pesapal-ipn";

/** Pesapal's instant payment notification, by GET (query) or POST (body). */
export function loader({ request }: Route.LoaderArgs) {
  return receivePaymentNotification(getDb(), getPaymentProviders(), PESAPAL, request);
}

export function action({ request }: Route.ActionArgs) {
  return receivePaymentNotification(getDb(), getPaymentProviders(), PESAPAL, request);
}
