/**
 * An order's statuses, in the order a dropdown lists them. The schema types its status column
 * with them, so they live with it; pure, so the browser can import them too.
 */
export const ORDER_STATUSES = ["Pending", "Processing", "Shipped", "Completed", "Failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
