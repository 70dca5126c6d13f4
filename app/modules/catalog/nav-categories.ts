import { ALL, CATEGORY_IDS, categoryHref, categoryName } from "./categories";

/** The shell's category menu: 'All' then every category, each linking to its shop page. */
export function navCategories() {
  return [ALL, ...CATEGORY_IDS].map((id) => ({
    id,
    name: categoryName(id),
    href: categoryHref(id),
  }));
}
