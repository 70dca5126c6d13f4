import Download from "lucide-react/icons/download";
import Eye from "lucide-react/icons/eye";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { formatKsh } from "~/terms/money";
import { readablePhone } from "~/terms/phone";
import { formatDate } from "~/utils/dates";
import {
  AmountInDoubtBadge,
  FulfilmentBadge,
  type ListedOrder as FullOrder,
  OversoldBadge,
  RefundBadge,
  ReversedBadge,
} from "./OrderDetails";
import { Pager } from "./Pager";
import { useAbilities } from "./use-abilities";

/** What a row of the list shows: the order without its timeline, messages and refunds. */
type ListedOrder = Omit<
  FullOrder,
  | "timeline"
  | "messages"
  | "refunds"
  | "refundLines"
  | "providerRefunds"
  | "packing"
  | "netPaid"
  | "packingWarning"
  | "fulfilment"
> & { fulfilment: Pick<FullOrder["fulfilment"], "state" | "label"> };

const FILTERS = [
  ["all", "All Orders"],
  ["Completed", "Completed"],
  ["Failed", "Failed"],
  ["Pending", "Pending"],
  ["Processing", "Processing"],
  ["Shipped", "Shipped"],
] as const;

type SectionId = "completed" | "failed" | "other";
type Section = { total: number; page: number; rows: ListedOrder[] };
type Props = {
  sections: Record<SectionId, Section>;
  status: string;
  view: "all" | "to_pack" | "attention";
  q: string;
  /** Paid orders waiting to be packed. */
  toPack: number;
  /** Orders needing the owner's attention (a reversed payment, an oversold order). */
  attention: number;
  sort: string;
  /** The statuses an open order can be given. */
  statuses: readonly string[];
  pageSize: number;
  hrefFor: (changes: Record<string, string | number>) => string;
  /** The question to ask before giving an order a status (an unpaid order marked as sent). */
  confirmFor: (status: string, paid: boolean) => string | null;
};

/** The spec's first 8 characters and an ellipsis, in the case the shopper's reference uses. */
const shortId = (order: ListedOrder) => `${order.reference}...`;

const amount = (o: ListedOrder) => formatKsh(o.amount);

/** The status of an open order: a dropdown that saves at once ('Updating...' while it does). */
function StatusControl({
  order,
  statuses,
  confirmFor,
}: {
  order: ListedOrder;
  statuses: readonly string[];
  confirmFor: Props["confirmFor"];
}) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const busy = fetcher.state !== "idle";
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok)
      setError(fetcher.data.error ?? "Failed to update order status.");
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={order.id} />
      <label className="sr-only" htmlFor={`status-${order.id}`}>
        Status of order {shortId(order)}
      </label>
      {busy ? (
        <select
          id={`status-${order.id}`}
          disabled
          className="min-h-11 rounded-lg border border-hairline bg-stone-100 px-2 text-sm"
        >
          <option>Updating...</option>
        </select>
      ) : (
        <select
          id={`status-${order.id}`}
          name="status"
          defaultValue={order.status}
          key={order.status}
          onChange={(e) => {
            setError(null);
            const select = e.currentTarget;
            const question = confirmFor(select.value, order.paid);
            if (question && !window.confirm(question)) {
              select.value = order.status;
              return;
            }
            const form = new FormData(select.form!);
            if (question) form.set("confirmUnpaid", "yes");
            void fetcher.submit(form, { method: "post" });
          }}
          className="min-h-11 rounded-lg border border-hairline bg-white px-2 text-sm"
        >
          {statuses.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      )}
      <noscript>
        <button type="submit" className="rounded-lg border border-hairline px-2 text-sm">
          Save
        </button>
      </noscript>
      {error ? (
        <span role="alert" className="text-xs text-danger">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function OrdersTable({
  rows,
  statuses,
  confirmFor,
}: {
  confirmFor: Props["confirmFor"];
  rows: ListedOrder[];
  /** The statuses open orders can be given; none for the sections that cannot change. */
  statuses: readonly string[] | null;
}) {
  const can = useAbilities();
  return (
    <table className="w-full text-left text-sm">
      <thead className="hidden text-xs tracking-wide text-muted uppercase md:table-header-group">
        <tr>
          <th className="py-2 pr-3 font-semibold">Order ID</th>
          <th className="py-2 pr-3 font-semibold">Date</th>
          <th className="py-2 pr-3 font-semibold">Customer</th>
          <th className="py-2 pr-3 font-semibold">Amount</th>
          <th className="py-2 font-semibold">Actions</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-hairline">
        {rows.map((order) => (
          <tr
            key={order.id}
            className="grid grid-cols-2 gap-1 py-3 md:table-row"
            data-testid="order-row"
          >
            <td className="font-mono text-xs md:py-3 md:pr-3">{shortId(order)}</td>
            <td className="text-right text-muted md:py-3 md:pr-3 md:text-left">
              {formatDate(order.createdAt)}
            </td>
            <td className="col-span-2 md:py-3 md:pr-3">
              <span className="block font-medium">{order.customer.name}</span>
              <span className="block text-xs text-muted">
                {readablePhone(order.customer.phone)}
              </span>
              <span className="block text-xs text-muted">{order.customer.email}</span>
            </td>
            <td className="font-semibold tabular md:py-3 md:pr-3">
              {amount(order)}
              {order.fulfilment.label ? (
                <span className="mt-1 block font-normal">
                  <FulfilmentBadge order={order} />
                </span>
              ) : null}
              {order.refundLabel ? (
                <span className="mt-1 block font-normal">
                  <RefundBadge label={order.refundLabel} />
                </span>
              ) : null}
              {order.paymentReversed ? (
                <span className="mt-1 block">
                  <ReversedBadge />
                </span>
              ) : null}
              {order.oversold.length ? (
                <span className="mt-1 block">
                  <OversoldBadge />
                </span>
              ) : null}
              {order.paymentInDoubt ? (
                <span className="mt-1 block">
                  <AmountInDoubtBadge />
                </span>
              ) : null}
            </td>
            <td className="col-span-2 flex flex-wrap items-center gap-2 md:py-3">
              <Link
                to={`/admin/orders/${order.id}`}
                className="btn min-h-11 border border-hairline bg-white px-3 text-sm"
              >
                <Eye size={16} aria-hidden="true" />
                View details
                <span className="sr-only"> of order {shortId(order)}</span>
              </Link>
              {statuses && can.setOrderStatus ? (
                <StatusControl order={order} statuses={statuses} confirmFor={confirmFor} />
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OrdersTab({
  sections,
  status,
  view,
  q,
  toPack,
  attention,
  sort,
  statuses,
  pageSize,
  hrefFor,
  confirmFor,
}: Props) {
  const parts: { id: SectionId; title: string; empty: string | null }[] = [
    { id: "completed", title: "Completed Orders", empty: "No completed orders yet" },
    { id: "failed", title: "Failed Orders", empty: "No failed orders" },
    { id: "other", title: "Other Orders", empty: null },
  ];
  const can = useAbilities();
  return (
    <div>
      <nav aria-label="Order views" className="mb-4 flex flex-wrap gap-2">
        <Link
          to="/admin/orders"
          preventScrollReset
          aria-current={view === "all" ? "page" : undefined}
          className={`btn min-h-11 border px-4 text-sm ${view === "all" ? "border-ink bg-ink text-paper" : "border-hairline bg-white"}`}
        >
          All orders
        </Link>
        <Link
          to="/admin/orders?view=to_pack"
          preventScrollReset
          aria-current={view === "to_pack" ? "page" : undefined}
          className={`btn min-h-11 border px-4 text-sm ${view === "to_pack" ? "border-ink bg-ink text-paper" : "border-hairline bg-white"}`}
        >
          To pack ({toPack})
        </Link>
        {attention || view === "attention" ? (
          <Link
            to="/admin/orders?view=attention"
            preventScrollReset
            aria-current={view === "attention" ? "page" : undefined}
            className={`btn min-h-11 border px-4 text-sm ${view === "attention" ? "border-danger bg-danger text-white" : "border-danger/40 bg-white text-danger"}`}
          >
            Needs attention ({attention})
          </Link>
        ) : null}
      </nav>
      {/* A search or a view keeps the owner's place on the page (no jump to the top). */}
      <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3">
        {view !== "all" ? <input type="hidden" name="view" value={view} /> : null}
        <div className="w-full sm:w-auto">
          <label htmlFor="orders-q" className="block text-xs font-semibold text-muted">
            Find an order
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={60}
            placeholder="Reference, phone or name"
            className="mt-1 min-h-11 w-full rounded-lg border border-hairline bg-white px-3 text-sm sm:w-64"
          />
        </div>
        <div>
          <label htmlFor="orders-status" className="block text-xs font-semibold text-muted">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={status}
            key={status}
            className="mt-1 min-h-11 rounded-lg border border-hairline bg-white px-2 text-sm"
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-sort" className="block text-xs font-semibold text-muted">
            Sort
          </label>
          <select
            id="orders-sort"
            name="sort"
            defaultValue={sort}
            key={sort}
            className="mt-1 min-h-11 rounded-lg border border-hairline bg-white px-2 text-sm"
          >
            <option value="newest">Newest First</option>
            <option value="oldest">Oldest First</option>
          </select>
        </div>
        <button type="submit" className="btn min-h-11 border border-hairline bg-white px-4 text-sm">
          Apply
        </button>
        {can.exportOrders ? (
          <a
            href={`/admin/orders.csv?${new URLSearchParams({ status, sort })}`}
            download
            className="btn min-h-11 border border-hairline bg-white px-4 text-sm sm:ml-auto"
          >
            <Download size={16} aria-hidden="true" />
            Download CSV
          </a>
        ) : null}
      </Form>

      {parts.map(({ id, title, empty }) => {
        const section = sections[id];
        if (id === "other" && section.total === 0) return null;
        const pages = Math.max(1, Math.ceil(section.total / pageSize));
        return (
          <section
            key={id}
            aria-labelledby={`section-${id}`}
            className="mt-6 rounded-xl border border-hairline bg-white p-4"
          >
            <h2 id={`section-${id}`} className="font-semibold">
              {title} ({section.total})
            </h2>
            {section.rows.length ? (
              <OrdersTable
                rows={section.rows}
                statuses={id === "other" ? statuses : null}
                confirmFor={confirmFor}
              />
            ) : (
              <p className="mt-2 text-sm text-muted">{empty}</p>
            )}
            <Pager
              label={`${title} pages`}
              page={section.page}
              pages={pages}
              href={(n) => hrefFor({ [`${id}Page`]: n })}
            />
          </section>
        );
      })}
    </div>
  );
}
