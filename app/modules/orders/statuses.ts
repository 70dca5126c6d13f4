// The status rules' vocabulary; the database layer owns the values (its status column uses them).
export { ORDER_STATUSES, type OrderStatus } from "~/terms/order-statuses";
