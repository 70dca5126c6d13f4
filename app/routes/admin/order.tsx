import ArrowLeft from "lucide-react/icons/arrow-left";
import { useState } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { ChangesSection } from "~/components/admin/ActivityList";
import { OrderDetails, useStepToast } from "~/components/admin/OrderDetails";
import { orderAction } from "~/flows/act-on-order.server";
import { historyOf } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { can } from "~/modules/auth/roles";
import { adminOrderPage, withoutRefundDetails } from "~/modules/orders/admin-orders.server";
import { backToOrdersHref } from "~/modules/orders/back-to-orders";
import { inOwnersWords } from "~/modules/orders/order-page.server";
import { orderForViewer } from "~/modules/orders/personal-data.server";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import type { Route } from "./+types/order";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `/admin/orders/{id}`: one order on a page of its own, rendered on the server and linkable, with
 * every control a plain form, so an owner on a slow phone or without JavaScript can open an
 * order and move it on.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, settings } = services;
  const admin = await requireAdmin(services, request, { orders: "view" });
  const found = await adminOrderPage(db, params.id);
  // Staff see the customer in full only while the order is packed, and that view is recorded.
  const order = found && (await orderForViewer(db, admin, found, "order page"));
  // Who changed it, for those who read the activity trail.
  const history =
    order && can(admin.role, { activity: "view" }) ? await historyOf(db, "order", order.id) : null;
  if (!order) throw data({ reason: "no such order" }, { status: 404, headers: NO_STORE });
  // Staff see that money went back and which pieces stay out, not the refunds themselves.
  const seen = can(admin.role, { orders: "refund" }) ? order : withoutRefundDetails(order);
  // The list the owner came from, for 'Back to orders'.
  const backTo = backToOrdersHref(request.headers.get("Referer"), [
    new URL(request.url).origin,
    new URL(settings.PUBLIC_URL).origin,
  ]);
  return data({ order: inOwnersWords(settings, seen), backTo, history }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const admin = await requireAdmin(services, request, { orders: "view" });
  return orderAction(services, await readForm(request), admin);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order ${loaderData.order.reference}` : "Order not found" },
  { name: "robots", content: "noindex" },
];

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, history } = loaderData;
  // Kept from the first visit: after a step the page's own address is the referrer.
  const [backTo] = useState(loaderData.backTo);
  useStepToast();
  return (
    <section
      aria-labelledby="order-heading"
      className="rounded-xl border border-hairline bg-white p-4 sm:p-6"
    >
      <Link
        to={backTo}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-medium hover:text-accent"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        Back to orders
      </Link>
      <h2 id="order-heading" tabIndex={-1} className="mt-1 text-xl font-bold">
        Order {order.reference}
      </h2>
      <div className="mt-3">
        <OrderDetails order={order} />
      </div>
      {history ? (
        <ChangesSection
          id="order-history-heading"
          entries={history}
          none="No one has changed this order yet."
        />
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="rounded-xl border border-hairline bg-white p-6">
      <h2 className="text-xl font-bold">
        {missing ? "Order not found" : "Could not open the order"}
      </h2>
      <p className="mt-2 text-sm text-muted">
        {missing
          ? "There is no order at this address. Find it from the list by its reference, phone or name."
          : "Please try again in a moment."}
      </p>
      <Link to="/admin/orders" className="btn mt-4 min-h-11 border border-hairline bg-white px-4">
        All orders
      </Link>
    </section>
  );
}
