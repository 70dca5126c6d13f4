import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * 'Try again' or 'Pay again' for an order's payment: posts the payment's reference to the
 * order-success page, whose action puts the order's items and details back into the cart that
 * placed it (and only that cart), then opens the cart.
 */
export function PayAgainForm({
  payment,
  className,
  formClassName,
  children,
}: {
  payment: { provider: string; reference: string };
  className: string;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/order-success" className={formClassName}>
      <input type="hidden" name="provider" value={payment.provider} />
      <input type="hidden" name="reference" value={payment.reference} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
