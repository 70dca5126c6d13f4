import { data, Form, useLocation, useRouteLoaderData } from "react-router";
import { OrdersTab } from "~/components/admin/OrdersTab";
import { orderAction } from "~/flows/act-on-order.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import type { Role } from "~/modules/auth/roles";
import {
  ORDERS_PAGE_SIZE,
  orderSections,
  parseOrdersQuery,
  viewCounts,
} from "~/modules/orders/admin-orders.server";
import { listForViewer } from "~/modules/orders/personal-data.server";
import { unpaidWarning } from "~/modules/orders/status-warning";
import { ORDER_STATUSES } from "~/modules/orders/statuses";
import { servicesContext } from "~/services.server";
import { orderReference } from "~/terms/order-reference";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/orders";

const NO_STORE = { "Cache-Control": "no-store" };

/** `/admin/orders`, the orders tab: three sections, each paged on its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { orders: "view" });
  const query = parseOrdersQuery(new URL(request.url).searchParams);
  try {
    const [sections, { toPack, attention }] = await Promise.all([
      orderSections(db, query),
      viewCounts(db),
    ]);
    // Staff see every listed customer masked: an order's own page shows more, and records it.
    const described = {
      completed: withReferences(admin, sections.completed),
      failed: withReferences(admin, sections.failed),
      other: withReferences(admin, sections.other),
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

/** Each listed order with the reference shoppers know it by. */
const withReferences = (admin: { id: string; role: Role }, section: Section) => ({
  ...section,
  rows: listForViewer(admin, section.rows).map((order) => ({
    ...order,
    reference: orderReference(order.id),
  })),
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const admin = await requireAdmin(services, request, { orders: "view" });
  return orderAction(services, await readForm(request), admin);
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
