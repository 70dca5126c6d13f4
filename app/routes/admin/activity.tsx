import { data, Form, Link } from "react-router";
import { ActivityList } from "~/components/admin/ActivityList";
import { Pager } from "~/components/admin/Pager";
import { inputClass } from "~/components/FormField";
import { ACTIVITY_PAGE_SIZE, listActivity } from "~/modules/audit/audit.server";
import { AUDIT_ENTITIES, ENTITY_LABELS, isAuditEntity } from "~/modules/audit/describe";
import { listAccounts } from "~/modules/auth/accounts.server";
import { requireAdmin } from "~/modules/auth/require-admin.server";
import { servicesContext } from "~/services.server";
import { pageNumber } from "~/utils/page-number";
import type { Route } from "./+types/activity";

const NO_STORE = { "Cache-Control": "no-store" };
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "");

export const meta: Route.MetaFunction = () => [
  { title: "Activity | Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

/** `/admin/activity`: who changed what in the back office, and when; filtered by person, kind, days. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  await requireAdmin(services, request, { activity: "view" });
  const search = new URL(request.url).searchParams;
  const people = (await listAccounts(db)).map((a) => ({
    id: a.id,
    label: `${a.name} (${a.email})`,
  }));
  const person = people.some((p) => p.id === search.get("person")) ? search.get("person")! : "";
  const kind = isAuditEntity(search.get("kind")) ? search.get("kind")! : "";
  const from = day(search.get("from"));
  const to = day(search.get("to"));
  const activity = await listActivity(db, {
    actorId: person || null,
    entity: isAuditEntity(kind) ? kind : null,
    from: from || null,
    to: to || null,
    page: pageNumber(search.get("page")),
  });
  return data(
    { people, filter: { person, kind, from, to }, ...activity, pageSize: ACTIVITY_PAGE_SIZE },
    { headers: NO_STORE },
  );
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { people, filter, entries, total, page, pages } = loaderData;
  const hrefFor = (p: number) =>
    `/admin/activity?${new URLSearchParams({ ...filter, page: String(p) })}`;
  const select = "mt-1 min-h-11 w-full rounded-lg border border-hairline bg-white px-2 text-sm";
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Activity
      </h2>
      <p className="mt-1 text-sm text-muted">
        Every change made in the back office, by whom and when, with the values before and after.
        Times are Nairobi time.
      </p>
      <Form
        method="get"
        className="mt-3 grid gap-3 rounded-xl border border-hairline bg-white p-4 sm:grid-cols-5 sm:items-end"
      >
        <div>
          <label htmlFor="activity-person" className="block text-sm font-semibold">
            Person
          </label>
          <select
            id="activity-person"
            name="person"
            defaultValue={filter.person}
            className={select}
          >
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-kind" className="block text-sm font-semibold">
            Kind
          </label>
          <select id="activity-kind" name="kind" defaultValue={filter.kind} className={select}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-from" className="block text-sm font-semibold">
            From
          </label>
          <input
            id="activity-from"
            name="from"
            type="date"
            defaultValue={filter.from}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor="activity-to" className="block text-sm font-semibold">
            To
          </label>
          <input
            id="activity-to"
            name="to"
            type="date"
            defaultValue={filter.to}
            className={`${inputClass} mt-1`}
          />
        </div>
        <button type="submit" className="btn min-h-11 border border-hairline bg-white px-4 text-sm">
          Show
        </button>
      </Form>
      <p className="mt-3 text-sm text-muted" role="status">
        {total === 0
          ? "Nothing recorded for this choice."
          : `${total.toLocaleString("en-KE")} ${total === 1 ? "change" : "changes"}`}
        {filter.person || filter.kind || filter.from || filter.to ? (
          <>
            {" · "}
            <Link to="/admin/activity" className="underline underline-offset-4">
              Show everything
            </Link>
          </>
        ) : null}
      </p>
      <ActivityList entries={entries} />
      <Pager label="Activity pages" page={page} pages={pages} href={hrefFor} />
    </section>
  );
}
