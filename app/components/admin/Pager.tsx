import { Link } from "react-router";

/** A thumb-sized step. */
const STEP = "btn border border-hairline bg-white px-4";

/** Previous / next links for a paged admin list; nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  pages,
  href,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className={STEP}>
          Previous
        </Link>
      ) : null}
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={STEP}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
