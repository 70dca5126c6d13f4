import { Link } from "react-router";
import { useNavCategories } from "~/components/shell/categories-context";
import { HELP_LINKS, MAIN_LINKS } from "~/components/shell/nav";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/menu";

/** The phone menu as a page: where the menu link leads before (or without) JavaScript. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    config: matches[0]?.loaderData?.config,
    title: "Menu",
    description: "Every page and collection of the shop.",
    path: "/menu",
    noindex: true,
  });

export default function Menu() {
  const categories = useNavCategories();
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold">Menu</h1>
      <nav aria-label="Menu" className="mt-4">
        <ul className="space-y-1">
          {MAIN_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex min-h-12 items-center rounded-xl px-4 text-lg font-medium hover:bg-sand"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <h2 className="mt-6 border-t border-hairline px-4 pt-6 font-semibold">Shop by Category</h2>
        <ul className="mt-2 space-y-0.5">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={category.href}
                className="flex min-h-11 items-center rounded-lg px-4 text-muted hover:bg-sand hover:text-ink"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-6 space-y-0.5 border-t border-hairline pt-6">
          {HELP_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="flex min-h-11 items-center rounded-lg px-4 hover:bg-sand"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
