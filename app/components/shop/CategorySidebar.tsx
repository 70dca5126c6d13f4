import { Link } from "react-router";
import { msg } from "~/i18n/messages";

export type SidebarEntry = {
  id: string;
  name: string;
  href: string;
  count: number;
  active: boolean;
};
export type SidebarGroup = { name: string; initiallyOpen: boolean; entries: SidebarEntry[] };

function Entry({ entry }: { entry: SidebarEntry }) {
  return (
    <li>
      <Link
        to={entry.href}
        aria-current={entry.active ? "page" : undefined}
        className={`flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 text-sm ${entry.active ? "bg-sand font-semibold text-accent" : "text-ink hover:bg-sand"}`}
      >
        <span>{entry.name}</span>
        <span className="text-xs text-muted tabular" aria-hidden="true">
          {entry.count}
        </span>
        <span className="sr-only">{msg.productCount(entry.count)}</span>
      </Link>
    </li>
  );
}

/**
 * The shop's category list in collapsible groups. Native <details> elements: they open and close
 * before JavaScript loads, and with the keyboard.
 */
export function CategorySidebar({ all, groups }: { all: SidebarEntry; groups: SidebarGroup[] }) {
  return (
    <nav aria-label={msg.categories} className="space-y-2">
      <ul>
        <Entry entry={all} />
      </ul>
      {groups.map((group) => (
        <details
          key={group.name}
          open={group.initiallyOpen || group.entries.some((e) => e.active)}
          className="group border-t border-hairline pt-2"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between rounded-lg px-3 text-sm font-semibold hover:bg-sand [&::-webkit-details-marker]:hidden">
            {group.name}
            <span
              aria-hidden="true"
              className="text-muted transition-transform group-open:rotate-180"
            >
              ▾
            </span>
          </summary>
          <ul className="mt-1 space-y-0.5">
            {group.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ul>
        </details>
      ))}
    </nav>
  );
}
