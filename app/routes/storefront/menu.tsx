import { Link } from "react-router";
import { useNavCategories } from "~/components/shell/categories-context";
import { helpLinks, mainLinks } from "~/components/shell/nav";
import { msg } from "~/i18n/messages";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/menu";

/** The phone menu as a page: where the menu link leads before (or without) JavaScript. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: msg.menuTitle,
    description: msg.menuDescription,
    path: "/menu",
    noindex: true,
  });

export default function Menu() {
  const categories = useNavCategories();
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">{msg.menuTitle}</h1>
      <nav aria-label={msg.menuTitle} className="mt-4">
        <Links
          links={mainLinks()}
          className="space-y-1"
          linkClassName="min-h-12 rounded-xl text-lg font-medium"
        />
        <h2 className="mt-6 border-t border-hairline px-4 pt-6 font-semibold">
          {msg.shopByCategory}
        </h2>
        <Links
          links={categories.map(({ href, name }) => ({ to: href, label: name }))}
          className="mt-2 space-y-0.5"
          linkClassName="min-h-11 rounded-lg text-muted hover:text-ink"
        />
        <Links
          links={helpLinks()}
          className="mt-6 space-y-0.5 border-t border-hairline pt-6"
          linkClassName="min-h-11 rounded-lg"
        />
      </nav>
    </main>
  );
}

/** One list of the menu's links, each a full-width row a thumb can take. */
function Links({
  links,
  className,
  linkClassName,
}: {
  links: { to: string; label: string }[];
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={`flex items-center px-4 hover:bg-sand ${linkClassName}`}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
