import { Download, Eye } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Modal } from "~/components/Modal";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatKsh } from "~/utils/money";
import { Pager } from "./Pager";

const FILTERS = [
  ["all", "All Orders"],
  ["Completed", "Completed"],
  ["Failed", "Failed"],
  ["Pending", "Pending"],
  ["Processing", "Processing"],
  ["Shipped", "Shipped"],
] as const;

/** An order as the list and its details show it; the timeline comes in the owner's words. */
type ListedOrder = {
  id: string;
  createdAt: string;
  status: string;
  amount: number;
  currency: string;
  items: { name: string; quantity: number; price: number; size?: string | null }[];
  customer: {
    name: string;
    phone: string;
    email: string;
    address: string | null;
    city: string | null;
    notes: string | null;
  };
  delivery: { method: string | null; fee: number; pickupLocation: string | null };
  paymentProvider: string;
  paymentMethod: string;
  confirmationCode: string | null;
  /** The provider took the payment back: the order is Failed and no longer counts as revenue. */
  paymentReversed: boolean;
  /** Paid after its units were gone: the lines the shelf could not fill. */
  oversold: { name: string; size: string; quantity: number; short: number }[];
  timeline: { id: number; at: string; text: string; admin: string | null }[];
};
type SectionId = "completed" | "failed" | "other";
type Section = { total: number; page: number; rows: ListedOrder[] };
type Props = {
  sections: Record<SectionId, Section>;
  status: string;
  sort: string;
  /** The statuses an open order can be given. */
  statuses: readonly string[];
  pageSize: number;
  hrefFor: (changes: Record<string, string | number>) => string;
};

const shortId = (id: string) => `${id.slice(0, 8)}...`;

/** A payment the provider took back: the order is Failed and no longer counts as revenue. */
function ReversedBadge() {
  return (
    <span
      className="rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
      data-testid="payment-reversed"
    >
      Payment reversed
    </span>
  );
}
/** Paid for units that were gone: the owner refunds or restocks. */
function OversoldBadge() {
  return (
    <span
      className="rounded-full bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
      data-testid="oversold"
    >
      Oversold: needs attention
    </span>
  );
}

/** A short line, in a whole sentence. */
const shortLineText = (line: ListedOrder["oversold"][number]) =>
  line.size
    ? `${line.short} of ${line.quantity} short: ${line.name} in size ${line.size}`
    : `${line.short} of ${line.quantity} short: ${line.name}`;

const amount = (o: ListedOrder) => `${o.currency} ${o.amount.toLocaleString("en-KE")}`;

/** The status of an open order: a dropdown that saves at once ('Updating...' while it does). */
function StatusControl({ order, statuses }: { order: ListedOrder; statuses: readonly string[] }) {
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
        Status of order {shortId(order.id)}
      </label>
      {busy ? (
        <select
          id={`status-${order.id}`}
          disabled
          className="min-h-10 rounded-lg border border-hairline bg-stone-100 px-2 text-sm"
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
            fetcher.submit(e.currentTarget.form);
          }}
          className="min-h-10 rounded-lg border border-hairline bg-white px-2 text-sm"
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

function OrderDetails({ order, onClose }: { order: ListedOrder; onClose: () => void }) {
  const subtotal = order.amount - order.delivery.fee;
  const rows: [string, string | null][] = [
    ["Order ID", order.id],
    ["Created", formatDateTime(order.createdAt)],
    ["Customer", order.customer.name],
    ["Phone", order.customer.phone],
    ["Email", order.customer.email],
    ["Delivery method", order.delivery.method],
    ["Pickup location", order.delivery.pickupLocation],
    ["Address", [order.customer.address, order.customer.city].filter(Boolean).join(", ") || null],
    ["Order notes", order.customer.notes || null],
    ["Payment provider", order.paymentProvider],
    ["Payment method", order.paymentMethod],
    ["Confirmation code", order.confirmationCode],
  ];
  return (
    <Modal title="Order Details" onClose={onClose}>
      <div className="text-sm">
        <p>
          <span
            className="rounded-full bg-sand px-2.5 py-1 text-xs font-semibold"
            data-testid="status-badge"
          >
            {order.status}
          </span>{" "}
          {order.paymentReversed ? <ReversedBadge /> : null}{" "}
          {order.oversold.length ? <OversoldBadge /> : null}
        </p>
        {order.oversold.length ? (
          <div className="mt-3 rounded-lg bg-danger/10 p-3" data-testid="oversold-lines">
            <p className="font-semibold">
              This order was paid after its pieces were sold to someone else. Refund the shopper or
              restock these lines:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {order.oversold.map((line) => (
                <li key={`${line.name}-${line.size}`}>{shortLineText(line)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="mt-3 grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1.5">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
        </dl>
        <h3 className="mt-5 font-semibold">Items</h3>
        <ul className="mt-2 divide-y divide-hairline">
          {order.items.map((item) => (
            <li key={`${item.name}-${item.size ?? ""}`} className="flex justify-between gap-3 py-2">
              <span>
                {item.name}
                <span className="block text-xs text-muted">
                  {item.quantity} x {order.currency} {item.price.toLocaleString("en-KE")}
                  {item.size ? ` · Size ${item.size}` : ""}
                </span>
              </span>
              <span className="tabular">{formatKsh(item.price * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-hairline pt-3 tabular">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatKsh(subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Delivery fee</dt>
            <dd data-testid="details-delivery-fee">
              {order.delivery.fee === 0 ? "Free" : formatKsh(order.delivery.fee)}
            </dd>
          </div>
          <div className="flex justify-between font-bold">
            <dt>Total</dt>
            <dd>{formatKsh(order.amount)}</dd>
          </div>
        </dl>
        <h3 className="mt-5 font-semibold">Timeline</h3>
        <ol className="mt-2 space-y-2 border-l-2 border-hairline pl-4" aria-label="Timeline">
          {order.timeline.length === 0 ? (
            <li className="text-muted">Nothing recorded for this order.</li>
          ) : (
            order.timeline.map((entry) => (
              <li key={entry.id}>
                <span className="block">{entry.text}</span>
                <span className="block text-xs text-muted">
                  {formatDateTime(entry.at)}
                  {entry.admin ? ` · by ${entry.admin}` : ""}
                </span>
              </li>
            ))
          )}
        </ol>
      </div>
    </Modal>
  );
}

function OrdersTable({
  rows,
  statuses,
  onView,
}: {
  rows: ListedOrder[];
  /** The statuses open orders can be given; none for the sections that cannot change. */
  statuses: readonly string[] | null;
  onView: (o: ListedOrder) => void;
}) {
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
            <td className="font-mono text-xs md:py-3 md:pr-3">{shortId(order.id)}</td>
            <td className="text-right text-muted md:py-3 md:pr-3 md:text-left">
              {formatDate(order.createdAt)}
            </td>
            <td className="col-span-2 md:py-3 md:pr-3">
              <span className="block font-medium">{order.customer.name}</span>
              <span className="block text-xs text-muted">{order.customer.phone}</span>
              <span className="block text-xs text-muted">{order.customer.email}</span>
            </td>
            <td className="font-semibold tabular md:py-3 md:pr-3">
              {amount(order)}
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
            </td>
            <td className="col-span-2 flex flex-wrap items-center gap-2 md:py-3">
              <button
                type="button"
                onClick={() => onView(order)}
                className="btn min-h-10 border border-hairline bg-white px-3 text-sm"
              >
                <Eye size={16} aria-hidden="true" />
                View details
                <span className="sr-only"> of order {shortId(order.id)}</span>
              </button>
              {statuses ? <StatusControl order={order} statuses={statuses} /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OrdersTab({ sections, status, sort, statuses, pageSize, hrefFor }: Props) {
  const [viewing, setViewing] = useState<ListedOrder | null>(null);
  const parts: { id: SectionId; title: string; empty: string | null }[] = [
    { id: "completed", title: "Completed Orders", empty: "No completed orders yet" },
    { id: "failed", title: "Failed Orders", empty: "No failed orders" },
    { id: "other", title: "Other Orders", empty: null },
  ];
  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="orders-status" className="block text-xs font-semibold text-muted">
            Status
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={status}
            key={status}
            className="mt-1 min-h-10 rounded-lg border border-hairline bg-white px-2 text-sm"
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
            className="mt-1 min-h-10 rounded-lg border border-hairline bg-white px-2 text-sm"
          >
            <option value="newest">Newest First</option>
            <option value="oldest">Oldest First</option>
          </select>
        </div>
        <button type="submit" className="btn min-h-10 border border-hairline bg-white px-4 text-sm">
          Apply
        </button>
        <a
          href={`/admin/orders.csv?${new URLSearchParams({ status, sort })}`}
          download
          className="btn min-h-10 border border-hairline bg-white px-4 text-sm sm:ml-auto"
        >
          <Download size={16} aria-hidden="true" />
          Download CSV
        </a>
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
                onView={setViewing}
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
      {viewing ? <OrderDetails order={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
