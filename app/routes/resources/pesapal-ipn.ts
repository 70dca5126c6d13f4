import { receivePaymentNotification } from "~/modules/orders/payment-notification.server";
import { PESAPAL } from "~/modules/payments/pesapal/client.server";
import { servicesContext } from "~/services.server";
import type { Route } from "./+types/pesapal-ipn";

/** Pesapal's instant payment notification, by GET (query) or POST (body). */
export function loader({ request, context }: Route.LoaderArgs) {
  const { db, payments } = context.get(servicesContext);
  return receivePaymentNotification(db, payments, PESAPAL, request);
}

export function action({ request, context }: Route.ActionArgs) {
  const { db, payments } = context.get(servicesContext);
  return receivePaymentNotification(db, payments, PESAPAL, request);
}
