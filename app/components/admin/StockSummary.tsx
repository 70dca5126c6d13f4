import type { StockLevel } from "~/terms/back-office-views";

export type { StockLevel };

/**
 * A product's stock in its row of the products list: pieces per size, the low ones (`low`) in
 * red, or that it is not counted.
 */
export function StockSummary({ levels, low }: { levels: StockLevel[]; low: number }) {
  const tracked = levels.filter((l) => l.left !== null);
  if (tracked.length === 0) {
    return <p className="text-xs text-muted">Stock not tracked</p>;
  }
  return (
    <p className="flex flex-wrap gap-x-2 text-xs tabular" data-testid="stock-summary">
      <span className="text-muted">Stock:</span>
      {levels.map(({ size, left }) => (
        <span
          key={size}
          className={left !== null && left <= low ? "font-semibold text-danger" : ""}
        >
          {size ? `${size}: ${left ?? "not tracked"}` : `${left ?? "not tracked"}`}
        </span>
      ))}
    </p>
  );
}
