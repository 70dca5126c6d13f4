import { receivePaymentNotification } from "~/flows/receive-payment-notification.server";
import { notificationAt } from "~/modules/payments/catalogue";
import { servicesContext } from "~/services.server";
import { apiError } from "~/utils/api-error";
import type { Route } from "./+types/payment-notification";

/**
 * Every payment provider's notifications (Pesapal's IPN by GET or POST, M-Pesa's callbacks), at
 * the paths the providers declare: the provider whose path it is reads it.
 */
function receive(request: Request, context: Route.LoaderArgs["context"]) {
  const services = context.get(servicesContext);
  const at = notificationAt(new URL(request.url).pathname);
  if (!at || !services.payments.has(at.provider.name)) {
    return apiError(404, "NOT_FOUND", "There is nothing at this address.");
  }
  return receivePaymentNotification(services, at.provider.name, request);
}

export const loader = ({ request, context }: Route.LoaderArgs) => receive(request, context);
export const action = ({ request, context }: Route.ActionArgs) => receive(request, context);
