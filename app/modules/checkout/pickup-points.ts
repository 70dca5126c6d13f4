import { PICKUP_LOCATIONS } from "./delivery";

// Apart from delivery.ts, which the cart page's script carries: /delivery shows these, and the
// tracking page's loader sends the one point an order needs.

/** The pickup points, with where they are and when they are open (/delivery, tracking). */
export const PICKUP_POINTS = [
  {
    name: PICKUP_LOCATIONS[0],
    where: "Meru South House on Tom Mboya Street, in Nairobi CBD.",
    hours: "Monday to Saturday, 9 am to 6 pm.",
  },
  {
    name: PICKUP_LOCATIONS[1],
    where: "Our shop at Milele Mall, on Ngong Road in Ngong town.",
    hours: "Monday to Saturday 9 am to 7 pm, Sunday 11 am to 5 pm.",
  },
] as const;

/** What a shopper brings to a pickup point. */
export const PICKUP_BRING =
  "Bring your order number or the phone number you ordered with. Someone else can collect for you with that number.";
