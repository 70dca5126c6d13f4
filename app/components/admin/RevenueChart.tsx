import type { DayRevenue } from "~/terms/back-office-views";
import { formatKsh } from "~/terms/money";

const dayLabel = new Intl.DateTimeFormat("en-KE", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const label = (day: string) => dayLabel.format(new Date(`${day}T12:00:00Z`));

/**
 * Completed revenue per day for the last 30 days: plain SVG bars drawn on the server, no chart
 * library. Screen readers get the total in the label and every day in the table below it.
 */
export function RevenueChart({ days }: { days: DayRevenue[] }) {
  const sum = (key: "revenue" | "orders" | "sales" | "discounts" | "refunds") =>
    days.reduce((total, d) => total + d[key], 0);
  const total = sum("revenue");
  const orders = sum("orders");
  return (
    <figure className="rounded-xl border border-hairline bg-white p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">Net revenue, last 30 days</span>
        <span className="text-sm text-muted tabular" data-testid="revenue-30-days">
          {formatKsh(total)} from {orders} completed {orders === 1 ? "order" : "orders"}
        </span>
        {sum("discounts") || sum("refunds") ? (
          <span className="w-full text-xs text-muted tabular" data-testid="revenue-parts">
            Sales {formatKsh(sum("sales"))}, discounts -{formatKsh(sum("discounts"))}, refunds -
            {formatKsh(sum("refunds"))}
          </span>
        ) : null}
      </figcaption>
      {total === 0 ? (
        <p className="mt-2 text-sm text-muted">No completed orders in the last 30 days yet.</p>
      ) : (
        <SalesBars days={days} total={total} />
      )}
    </figure>
  );
}

function SalesBars({ days, total }: { days: DayRevenue[]; total: number }) {
  const max = Math.max(1, ...days.map((d) => d.revenue));
  const width = 300;
  const height = 80;
  const slot = width / days.length;
  return (
    <>
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        className="mt-3 h-20 w-full sm:h-28"
        role="img"
        aria-label={`Revenue per day from ${label(days[0]!.day)} to ${label(days.at(-1)!.day)}: ${formatKsh(total)} in all.`}
        preserveAspectRatio="none"
      >
        <line
          x1="0"
          x2={width}
          y1={height}
          y2={height}
          className="stroke-hairline"
          strokeWidth="1"
        />
        {days.map((d, i) => {
          const h = d.revenue ? Math.max(2, (d.revenue / max) * (height - 4)) : 0;
          return (
            <rect
              key={d.day}
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={h}
              rx="1"
              className="fill-accent"
            >
              <title>{`${label(d.day)}: ${formatKsh(d.revenue)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{label(days[0]!.day)}</span>
        <span>{label(days.at(-1)!.day)}</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted">Show as a table</summary>
        <table className="mt-2 w-full text-left tabular">
          <thead>
            <tr>
              <th className="py-1 font-semibold">Day</th>
              <th className="py-1 font-semibold">Orders</th>
              <th className="py-1 text-right font-semibold">Sales</th>
              <th className="py-1 text-right font-semibold">Discounts</th>
              <th className="py-1 text-right font-semibold">Refunds</th>
              <th className="py-1 text-right font-semibold">Net</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.orders > 0)
              .map((d) => (
                <tr key={d.day} className="border-t border-hairline">
                  <td className="py-1">{label(d.day)}</td>
                  <td className="py-1">{d.orders}</td>
                  <td className="py-1 text-right">{formatKsh(d.sales)}</td>
                  <td className="py-1 text-right">
                    {d.discounts ? `-${formatKsh(d.discounts)}` : "-"}
                  </td>
                  <td className="py-1 text-right">
                    {d.refunds ? `-${formatKsh(d.refunds)}` : "-"}
                  </td>
                  <td className="py-1 text-right">{formatKsh(d.revenue)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
