import { data, Form, useLocation, useRouteLoaderData } from "react-router";
import { OrdersTab } from "~/components/admin/OrdersTab";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { MAX_LINES } from "~/modules/cart/cart-rules";
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_ROUTE_LABELS,
  messageStateLabel,
} from "~/modules/messages/message-labels";
import { deliveryTo, noteRoomInOneSms } from "~/modules/messages/message-texts";
import {
  changeOrderStatus,
  ORDERS_PAGE_SIZE,
  orderIsPaid,
  orderSections,
  parseOrdersQuery,
  viewCounts,
} from "~/modules/orders/admin-orders.server";
import {
  FulfilmentError,
  moveFulfilment,
  undoFulfilment,
} from "~/modules/orders/fulfilment.server";
import { FULFILMENT_LABELS } from "~/modules/orders/fulfilment-rules";
import { orderReference } from "~/modules/orders/order-reference";
import { validateRefundForm } from "~/modules/orders/refund-form";
import { RefundError, refundOrder } from "~/modules/orders/refunds.server";
import { unpaidWarning } from "~/modules/orders/status-warning";
import { ORDER_STATUSES } from "~/modules/orders/statuses";
import { describeEvent } from "~/modules/orders/timeline-text";
import { type Services, servicesContext } from "~/services.server";
import type { Settings } from "~/settings.server";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { formatKsh } from "~/utils/money";
import type { Route } from "./+types/orders";

const NO_STORE = { "Cache-Control": "no-store" };

/** `/admin/orders`, the orders tab: three sections, each paged on its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, db, settings } = context.get(servicesContext);
  await requireAdmin(auth, request);
  const query = parseOrdersQuery(new URL(request.url).searchParams);
  try {
    const [sections, { toPack, attention }] = await Promise.all([
      orderSections(db, query),
      viewCounts(db),
    ]);
    const words = inOwnersWords(settings);
    const described = {
      completed: words(sections.completed),
      failed: words(sections.failed),
      other: words(sections.other),
    };
    return data(
      {
        orders: { query, sections: described, pageSize: ORDERS_PAGE_SIZE, toPack, attention },
        loadError: null,
      },
      { headers: NO_STORE },
    );
  } catch (error) {
    logger.error({ err: error }, "admin orders could not load");
    return data(
      { orders: null, loadError: "Could not fetch data from the database." },
      { status: 503, headers: NO_STORE },
    );
  }
}

type Section = Awaited<ReturnType<typeof orderSections>>["other"];

/**
 * Each order's timeline as sentences, written here so the page ships no wording rules; and, for
 * each next step that messages the shopper, how much of a note its SMS carries in one part.
 */
const inOwnersWords = (settings: Settings) => (section: Section) => ({
  ...section,
  rows: section.rows.map((order) => ({
    ...order,
    reference: orderReference(order.id),
    fulfilment: {
      ...order.fulfilment,
      next: order.fulfilment.next.map((step) => ({
        ...step,
        noteRoom:
          step.state === "sent" || step.state === "ready_for_pickup"
            ? noteRoomInOneSms(step.state === "sent" ? "order_sent" : "ready_for_pickup", {
                shopName: settings.SHOP_NAME,
                reference: orderReference(order.id),
                trackingUrl: `${settings.PUBLIC_URL}${order.trackingPath}`,
                deliveryTo: deliveryTo({
                  deliveryMethod: order.delivery.methodId,
                  pickupLocation: order.delivery.pickupLocation,
                  address: order.customer.address,
                  city: order.customer.city,
                }),
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
  })),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, db } = context.get(servicesContext);
  const admin = await requireAdmin(auth, request);
  const form = await readForm(request);
  if (form.get("intent") === "status") {
    const orderId = String(form.get("orderId") ?? "");
    const status = String(form.get("status") ?? "");
    const question = unpaidWarning(status, await orderIsPaid(db, orderId));
    if (question && form.get("confirmUnpaid") !== "yes") {
      // Without JavaScript the page asks; with it, the dropdown asked before posting.
      return data({ ok: false, confirm: { orderId, status, question } }, { status: 409 });
    }
    try {
      await changeOrderStatus(db, {
        orderId: String(form.get("orderId")),
        status: String(form.get("status")),
        adminId: admin.id,
      });
      return { ok: true };
    } catch (error) {
      logger.warn({ err: error }, "order status change failed");
      return data({ ok: false, error: "Failed to update order status." }, { status: 400 });
    }
  }
  if (form.get("intent") === "fulfilment" || form.get("intent") === "undo-fulfilment") {
    const orderId = String(form.get("orderId") ?? "");
    try {
      const services = context.get(servicesContext);
      const moved =
        form.get("intent") === "fulfilment"
          ? await moveFulfilment(services, {
              orderId,
              to: String(form.get("to") ?? ""),
              note: String(form.get("note") ?? ""),
              adminId: admin.id,
            })
          : await undoFulfilment(services, {
              orderId,
              from: String(form.get("from") ?? ""),
              adminId: admin.id,
            });
      // What the toast says, and what its 'Undo' takes back.
      const reference = orderReference(orderId);
      return {
        ok: true,
        step: { orderId, reference, state: moved, label: FULFILMENT_LABELS[moved] },
      };
    } catch (error) {
      if (!(error instanceof FulfilmentError)) throw error;
      return data({ ok: false, orderId, error: error.message }, { status: 400 });
    }
  }
  if (form.get("intent") === "refund") return refund(context.get(servicesContext), form, admin);
  return data({ error: "Unknown action." }, { status: 400 });
}

/** The owner's refund: the form's fields checked again here, then the refund made or refused. */
async function refund(
  services: Services,
  form: FormData,
  admin: { id: string; email: string; name: string },
) {
  const orderId = String(form.get("orderId") ?? "");
  const lineCount = Math.min(Number(form.get("lineCount")) || 0, MAX_LINES);
  const checked = validateRefundForm(form, lineCount);
  if (!checked.ok) {
    return data({ ok: false, orderId, refundErrors: checked.errors }, { status: 400 });
  }
  try {
    const made = await refundOrder(services, {
      ...checked.data,
      orderId,
      adminId: admin.id,
      adminName: admin.name || admin.email,
    });
    return { ok: true, orderId, refunded: formatKsh(made.amount) };
  } catch (error) {
    if (!(error instanceof RefundError)) throw error;
    return data({ ok: false, orderId, refundError: error.message }, { status: 400 });
  }
}

export default function OrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, loadError } = loaderData;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const dashboard = useRouteLoaderData<{ loadError: string | null }>("routes/admin/dashboard");
  const { search } = useLocation();
  const hrefFor = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) next.set(k, String(v));
    return `/admin/orders?${next}`;
  };
  return (
    <>
      {/* The dashboard already says so when the database failed for it too. */}
      {loadError && !dashboard?.loadError ? (
        <p
          role="alert"
          className="mb-5 rounded-xl border border-danger/30 bg-danger/5 p-4 text-danger"
        >
          {loadError}
        </p>
      ) : null}
      {confirm ? (
        <Form
          method="post"
          className="mb-5 rounded-xl border border-gold/40 bg-gold/10 p-4"
          aria-labelledby="confirm-unpaid"
        >
          <p id="confirm-unpaid" role="alert" className="font-semibold">
            {confirm.question}
          </p>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={confirm.orderId} />
          <input type="hidden" name="status" value={confirm.status} />
          <input type="hidden" name="confirmUnpaid" value="yes" />
          <div className="mt-3 flex gap-3">
            <button type="submit" className="btn btn-primary min-h-11 px-4">
              Yes, mark it {confirm.status}
            </button>
            <a href="/admin/orders" className="btn min-h-11 border border-hairline bg-white px-4">
              No, keep it
            </a>
          </div>
        </Form>
      ) : null}
      {orders ? (
        <OrdersTab
          sections={orders.sections}
          status={orders.query.status}
          view={orders.query.view}
          q={orders.query.q}
          toPack={orders.toPack}
          attention={orders.attention}
          sort={orders.query.sort}
          statuses={ORDER_STATUSES}
          pageSize={orders.pageSize}
          hrefFor={hrefFor}
          confirmFor={unpaidWarning}
        />
      ) : null}
    </>
  );
}
