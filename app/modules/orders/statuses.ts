/** An order's statuses, in the order a dropdown lists them. Pure, so the browser can import it. */
export const ORDER_STATUSES = ["Pending", "Processing", "Shipped", "Completed", "Failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
