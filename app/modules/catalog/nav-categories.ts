import { ALL, CATEGORY_IDS, categoryHref, categoryName } from "~/terms/categories";

const link = (id: string) => ({ id, name: categoryName(id), href: categoryHref(id) });

/**
 * Every collection (every category but 'all'), each linking to its shop page; given the
 * categories that have products on show, only those (an empty collection is a dead end).
 */
export const collectionLinks = (stocked?: readonly string[]) =>
  CATEGORY_IDS.filter((id) => !stocked || stocked.includes(id)).map(link);

/** The shell's category menu: 'All' then every collection with something in it. */
export const navCategories = (stocked?: readonly string[]) => [
  link(ALL),
  ...collectionLinks(stocked),
];
