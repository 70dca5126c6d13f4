import { msg } from "~/i18n/messages";
import type { PaymentFailure } from "~/terms/payment-status";

export type { PaymentFailure };

/**
 * Why a payment did not go through, in a sentence a shopper understands, in the page's language:
 * from the provider's answer where it says, else that the provider did not accept it. Never a code.
 */
export function paymentFailureText(
  failure: PaymentFailure | null | undefined,
  providerLabel: string,
): string {
  return (failure && msg.paymentFailures[failure]) || msg.paymentNotAccepted(providerLabel);
}
