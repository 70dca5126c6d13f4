import { Link } from "react-router";
import type { ActivityEntry } from "~/terms/back-office-views";
import { formatDateTime } from "~/utils/dates";

export type { ActivityEntry };

/**
 * Recorded changes, newest first: when, who, what, and each field's value before and after.
 * The activity page and each product's and order's own history show it.
 */
export function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <ol
      className="mt-3 divide-y divide-hairline rounded-xl border border-hairline bg-white"
      data-testid="activity"
    >
      {entries.map((e) => (
        <li key={e.id} className="p-3 text-sm" data-testid="activity-entry">
          <p className="flex flex-wrap gap-x-2">
            <time dateTime={e.at} className="text-muted tabular">
              {formatDateTime(e.at)}
            </time>
            <span className="font-semibold">{e.actor ?? "Someone no longer here"}</span>
          </p>
          <p className="mt-0.5">
            {e.href ? (
              <Link to={e.href} className="underline underline-offset-4">
                {e.summary}
              </Link>
            ) : (
              e.summary
            )}
          </p>
          {e.changes.length ? (
            <ul className="mt-1 space-y-0.5 text-xs text-muted">
              {e.changes.map((c) => (
                <li key={c.field}>
                  {c.field}: {c.from ? `${c.from} → ` : ""}
                  <span className="text-ink">{c.to}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** One product's or order's own changes in the back office, under a heading, newest first. */
export function ChangesSection({
  id,
  entries,
  none,
}: {
  id: string;
  entries: ActivityEntry[];
  /** Said when no one has changed it yet. */
  none: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="font-semibold">
        Changes in the back office
      </h3>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{none}</p>
      ) : (
        <ActivityList entries={entries} />
      )}
    </section>
  );
}
