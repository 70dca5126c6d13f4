import { Link } from "react-router";
import { Modal } from "~/components/Modal";
import { formatDateTime } from "~/utils/dates";
import { type ActivityEntry, ChangesSection } from "./ActivityList";

/** One movement of the stock ledger, in the owner's words (the route writes them). */
export type HistoryEntry = {
  id: number;
  at: string | Date;
  size: string;
  /** Held, Released, Sold or Adjusted. */
  what: string;
  /** What it did to the shelf: -2, +3, or 0 for a sale of units held before. */
  change: number;
  /** Pieces on the shelf after it. */
  left: number;
  /** The order behind it (its reference and where the orders tab finds it), if any. */
  order: { reference: string; href: string } | null;
  /** The admin behind it, if any. */
  admin: string | null;
  reason: string;
};

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** A product's stock ledger, newest first, in a modal over the products list. */
export function StockHistory({
  name,
  entries,
  limit,
  changes,
  onClose,
}: {
  name: string;
  entries: HistoryEntry[];
  /** Its changes in the back office (the audit trail), for those who may read it. */
  changes: ActivityEntry[] | null;
  /** How many movements at most are shown. */
  limit: number;
  onClose: () => void;
}) {
  return (
    <Modal title={`Stock history: ${name}`} size="lg" onClose={onClose}>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">
          No stock movements: this product's stock is not tracked.
        </p>
      ) : (
        <>
          <ol className="divide-y divide-hairline text-sm">
            {entries.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap gap-x-3 gap-y-0.5 py-2.5 sm:grid sm:grid-cols-[11rem_5rem_3rem_5rem_1fr] sm:gap-x-4"
                data-testid="stock-movement"
              >
                <span className="w-full text-muted tabular sm:w-auto">{formatDateTime(e.at)}</span>
                <span className="font-semibold">{e.what}</span>
                <span className="tabular">
                  <span className="sr-only">Change </span>
                  {signed(e.change)}
                </span>
                <span className="tabular">
                  {e.size ? `Size ${e.size}` : null}
                  <span className="ml-3 text-muted sm:ml-0 sm:block">{`Left ${e.left}`}</span>
                </span>
                <span className="w-full sm:w-auto">
                  {e.order ? (
                    <Link to={e.order.href} className="font-medium underline">
                      {`Order ${e.order.reference}`}
                    </Link>
                  ) : e.admin ? (
                    e.admin
                  ) : null}
                  {e.reason ? <span className="block text-xs text-muted">{e.reason}</span> : null}
                </span>
              </li>
            ))}
          </ol>
          {entries.length >= limit ? (
            <p className="mt-3 text-xs text-muted">The latest {limit} movements are shown.</p>
          ) : null}
        </>
      )}
      {changes ? (
        <ChangesSection
          id="product-changes-heading"
          entries={changes}
          none="No one has changed this product yet."
        />
      ) : null}
    </Modal>
  );
}
