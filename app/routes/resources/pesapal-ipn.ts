import { receivePaymentNotification } from "~/modules/orders/payment-notification.server";
import { PESAPAL } from "~/modules/payments/pesapal/client.server";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/pesapal-ipn";

/** Pesapal's instant payment notification, by GET (query) or POST (body). */
export function loader({ request, context }: Route.LoaderArgs) {
  return receivePaymentNotification(context.get(servicesContext), PESAPAL, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return receivePaymentNotification(context.get(servicesContext), PESAPAL, request);
}
