import { formatKsh } from "~/utils/money";

/** The nudge under a cart that is short of free delivery, in the drawer and on the cart page. */
export const moreForFreeDelivery = (shortBy: number) =>
  `Add ${formatKsh(shortBy)} more for free delivery.`;
