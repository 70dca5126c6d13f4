import { Fragment, useEffect, useState } from "react";
import { data } from "react-router";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { adminOrder } from "~/modules/orders/admin-orders.server";
import { orderForViewer } from "~/modules/orders/personal-data.server";
import { useShopConfig } from "~/root";
import { servicesContext } from "~/services.server";
import { formatKsh } from "~/terms/money";
import { orderReference } from "~/terms/order-reference";
import { readablePhone } from "~/terms/phone";
import { formatDateTime } from "~/utils/dates";
import type { Route } from "./+types/packing-slip";

/**
 * `/admin/orders/{id}/slip`: the packing slip the owner prints and puts in the parcel. One page
 * for both printers: A4 by default, and `?paper=80mm` for an 80 mm receipt printer (the page box
 * and the type shrink; the content stays the same).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const admin = await requireAdmin(services, request, { orders: "view" });
  const found = await adminOrder(db, params.id);
  // Staff see the customer in full only while the order is packed, and that view is recorded.
  const order = found && (await orderForViewer(db, admin, found, "packing slip"));
  if (!order) {
    throw data("No such order.", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const receipt = new URL(request.url).searchParams.get("paper") === "80mm";
  return data({ order, receipt }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Packing slip ${orderReference(loaderData.order.id)}` : "Packing slip" },
  { name: "robots", content: "noindex" },
];

const A4 = "@page { size: A4; margin: 14mm; }";
// Receipt printers feed a roll: the page is as long as the slip.
const RECEIPT = "@page { size: 80mm auto; margin: 3mm; } body { font-size: 11px; }";

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, receipt } = loaderData;
  // The Print button needs the page's script; before it, the browser's own Print does the same.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const { shopName } = useShopConfig();
  const reference = orderReference(order.id);
  // What goes in the parcel: pieces given back are struck through and not counted.
  const itemsCount = order.packing.reduce((n, line) => n + line.send, 0);
  const deliverTo =
    order.delivery.methodId === "pickup"
      ? order.delivery.pickupLocation
      : [order.customer.address, order.customer.city].filter(Boolean).join(", ");
  return (
    <main
      id="main"
      className={`mx-auto bg-white p-6 text-ink print:p-0 ${receipt ? "max-w-[80mm] text-xs" : "max-w-3xl"}`}
    >
      <style>{receipt ? RECEIPT : A4}</style>
      <nav aria-label="Packing slip" className="mb-6 flex flex-wrap gap-3 print:hidden">
        <a href="/admin/orders" className="btn min-h-11 border border-hairline bg-white px-4">
          Back to orders
        </a>
        <a
          href={
            receipt ? `/admin/orders/${order.id}/slip` : `/admin/orders/${order.id}/slip?paper=80mm`
          }
          className="btn min-h-11 border border-hairline bg-white px-4"
        >
          {receipt ? "A4 paper" : "Receipt printer (80 mm)"}
        </a>
        {scripted ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="btn btn-primary min-h-11 px-4"
          >
            Print
          </button>
        ) : null}
      </nav>
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-ink pb-3">
        <h1 className={receipt ? "text-base font-bold" : "text-2xl font-bold"}>{shopName}</h1>
        <p className="font-mono font-semibold" data-testid="slip-reference">
          Order {reference}
        </p>
      </header>
      {order.packingWarning ? (
        // Printed too: whoever packs from the paper reads it before the lines.
        <p
          role="note"
          className="mt-3 rounded-lg border-2 border-ink p-3 font-bold"
          data-testid="slip-warning"
        >
          {order.packingWarning}
        </p>
      ) : null}
      <p className="mt-2 text-muted">Placed {formatDateTime(order.createdAt)}</p>
      <dl
        className={`mt-4 grid gap-x-4 gap-y-1 ${receipt ? "grid-cols-1" : "grid-cols-[10rem_1fr]"}`}
      >
        <dt className="font-semibold">Customer</dt>
        <dd>{order.customer.name}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{readablePhone(order.customer.phone)}</dd>
        <dt className="font-semibold">Delivery</dt>
        <dd>{order.delivery.method}</dd>
        {deliverTo ? (
          <>
            <dt className="font-semibold">
              {order.delivery.methodId === "pickup" ? "Pickup location" : "Deliver to"}
            </dt>
            <dd>{deliverTo}</dd>
          </>
        ) : null}
        {order.customer.notes ? (
          <>
            <dt className="font-semibold">Customer's notes</dt>
            <dd className="whitespace-pre-line">{order.customer.notes}</dd>
          </>
        ) : null}
      </dl>
      <table className="mt-5 w-full border-collapse text-left">
        <caption className="sr-only">Items in order {reference}</caption>
        <thead>
          <tr className="border-b border-ink">
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2">
              Size
            </th>
            <th scope="col" className="py-1 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {order.packing.map((line) => (
            <Fragment key={line.line}>
              {line.send > 0 ? (
                <tr className="border-b border-hairline" data-testid="slip-line">
                  <td className="py-1.5 pr-2">{line.name}</td>
                  <td className="py-1.5 pr-2">{line.size || "One size"}</td>
                  <td className="py-1.5 text-right tabular">{line.send}</td>
                </tr>
              ) : null}
              {line.refunded > 0 ? (
                // Struck through, and said: a screen reader reads 'deleted' and the word itself.
                <tr className="border-b border-hairline text-muted" data-testid="slip-refunded">
                  <td className="py-1.5 pr-2">
                    <del>{line.name}</del>{" "}
                    <span className="font-semibold">Refunded: do not pack</span>
                  </td>
                  <td className="py-1.5 pr-2">
                    <del>{line.size || "One size"}</del>
                  </td>
                  <td className="py-1.5 text-right tabular">
                    <del>{line.refunded}</del>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="py-1.5 pr-2 text-right">
              Pieces
            </th>
            <td className="py-1.5 text-right tabular">{itemsCount}</td>
          </tr>
        </tfoot>
      </table>
      {order.refunded > 0 ? (
        <dl
          className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 text-right tabular"
          data-testid="slip-paid"
        >
          <dt>Paid</dt>
          <dd>{formatKsh(order.amount)}</dd>
          <dt>Refunded</dt>
          <dd>-{formatKsh(order.refunded)}</dd>
          <dt className="font-semibold">Net paid</dt>
          <dd className="font-semibold">{formatKsh(order.netPaid)}</dd>
        </dl>
      ) : (
        <p className="mt-4 text-right font-semibold tabular" data-testid="slip-paid">
          {order.paid ? "Paid" : "Not paid yet"}: {formatKsh(order.amount)}
        </p>
      )}
      <p className="mt-6 text-muted">Thank you for shopping with {shopName}.</p>
    </main>
  );
}
