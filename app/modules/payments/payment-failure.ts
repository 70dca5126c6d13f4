import type { PaymentFailure } from "~/db/payment-status";

export type { PaymentFailure };

const SENTENCES: Record<PaymentFailure, string> = {
  cancelled: "The payment was cancelled before it was finished.",
  insufficient_funds: "There was not enough money in the account or on the card you paid with.",
  timed_out:
    "The payment request ran out of time: the M-Pesa prompt on your phone may have closed before you entered your PIN.",
  wrong_pin: "The M-Pesa PIN that was entered was not accepted.",
  declined: "Your bank or card issuer declined the payment.",
  busy: "Another M-Pesa request was already waiting on that phone. Finish or cancel it, then try again.",
};

/**
 * Why a payment did not go through, in a sentence a shopper understands: from the provider's
 * answer where it says, else that the provider did not accept it. Never a code.
 */
export function paymentFailureText(
  failure: PaymentFailure | null | undefined,
  providerLabel: string,
): string {
  return failure ? SENTENCES[failure] : `${providerLabel} did not accept the payment.`;
}
