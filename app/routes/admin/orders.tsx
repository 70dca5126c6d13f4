import { data, useLocation, useRouteLoaderData } from "react-router";
import { OrdersTab } from "~/components/admin/OrdersTab";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import {
  changeOrderStatus,
  ORDERS_PAGE_SIZE,
  orderSections,
  parseOrdersQuery,
} from "~/modules/orders/admin-orders.server";
import { ORDER_STATUSES } from "~/modules/orders/statuses";
import { describeEvent } from "~/modules/orders/timeline-text";
import { servicesContext } from "~/services.server";
import { readForm } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/orders";

const NO_STORE = { "Cache-Control": "no-store" };

/** `/admin/orders`, the orders tab: three sections, each paged on its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, db } = context.get(servicesContext);
  await requireAdmin(auth, request);
  const query = parseOrdersQuery(new URL(request.url).searchParams);
  try {
    const sections = await orderSections(db, query);
    const described = {
      completed: inOwnersWords(sections.completed),
      failed: inOwnersWords(sections.failed),
      other: inOwnersWords(sections.other),
    };
    return data(
      { orders: { query, sections: described, pageSize: ORDERS_PAGE_SIZE }, loadError: null },
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

/** Each order's timeline as sentences, written here so the page ships no wording rules. */
const inOwnersWords = (section: Section) => ({
  ...section,
  rows: section.rows.map((order) => ({
    ...order,
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
  return data({ error: "Unknown action." }, { status: 400 });
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, loadError } = loaderData;
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
      {orders ? (
        <OrdersTab
          sections={orders.sections}
          status={orders.query.status}
          sort={orders.query.sort}
          statuses={ORDER_STATUSES}
          pageSize={orders.pageSize}
          hrefFor={hrefFor}
        />
      ) : null}
    </>
  );
}
