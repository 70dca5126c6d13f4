import {
  MESSAGE_KIND_LABELS,
  MESSAGE_ROUTE_LABELS,
  messageStateLabel,
} from "~/modules/messages/message-labels";
import { deliveryTo, noteRoomInOneSms } from "~/modules/messages/message-texts";
import type { Settings } from "~/settings.server";
import { orderReference } from "~/terms/order-reference";
import type { adminOrderPage } from "./admin-orders.server";
import { describeEvent } from "./timeline-text";

type FullOrder = NonNullable<Awaited<ReturnType<typeof adminOrderPage>>>;

/**
 * An order's timeline as sentences, written here so the page ships no wording rules; and, for
 * each next step that messages the shopper, how much of a note its SMS carries in one part.
 */
export const inOwnersWords = (settings: Settings, order: FullOrder) => ({
  ...order,
  reference: orderReference(order.id),
  fulfilment: {
    ...order.fulfilment,
    next: order.fulfilment.next.map((step) => ({
      ...step,
      noteRoom:
        step.state === "sent" || step.state === "ready_for_pickup"
          ? noteRoomInOneSms(step.state === "sent" ? "order_sent" : "ready_for_pickup", {
              language: order.language,
              shopName: settings.SHOP_NAME,
              reference: orderReference(order.id),
              trackingUrl: `${settings.PUBLIC_URL}${order.trackingPath}`,
              deliveryTo: deliveryTo(
                {
                  deliveryMethod: order.delivery.methodId,
                  pickupLocation: order.delivery.pickupLocation,
                  address: order.customer.address,
                  city: order.customer.city,
                },
                order.language,
              ),
            })
          : null,
    })),
  },
  messages: order.messages.map((m) => ({
    id: m.id,
    what: MESSAGE_KIND_LABELS[m.kind],
    to: MESSAGE_ROUTE_LABELS[m.audience][m.channel],
    recipient: m.recipient,
    state: messageStateLabel(m.state, m.provider),
    failed: m.state === "failed",
  })),
  timeline: order.timeline.map(({ id, at, admin, kind, details }) => ({
    id,
    at,
    admin,
    text: describeEvent(kind, details),
  })),
});
