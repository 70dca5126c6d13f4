import { msg } from "~/i18n/messages";
import { formatKsh } from "~/terms/money";

/** The nudge under a cart that is short of free delivery, in the drawer and on the cart page. */
export const moreForFreeDelivery = (shortBy: number) => msg.moreForFreeDelivery(formatKsh(shortBy));
