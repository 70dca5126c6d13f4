import { msg } from "~/i18n/messages";
import { PICKUP_LOCATIONS } from "./delivery";

// Apart from delivery.ts, which the cart page's script carries: /delivery shows these, and the
// tracking page's loader sends the one point an order needs.

/** The pickup points, with where they are and when they are open, in the page's language. */
export const pickupPoints = () =>
  PICKUP_LOCATIONS.map((name) => ({ name, ...msg.pickupPoints[name]! }));
