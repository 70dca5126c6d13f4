import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * 'Try again' or 'Pay again' for an order's payment: posts the attempt that counts for the order
 * to the order-success page (at that attempt's address, so an error is shown beside the order),
 * whose action makes a new attempt of the same order for the browser that placed it.
 */
export function PayAgainForm({
  attempt,
  className,
  formClassName,
  children,
}: {
  /** The id of the attempt that counts for the order (its waiting page's). */
  attempt: string;
  className: string;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={`/order-success?attempt=${encodeURIComponent(attempt)}`}
      className={formClassName}
    >
      <input type="hidden" name="attempt" value={attempt} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
