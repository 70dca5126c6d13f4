import { ALL, CATEGORY_IDS, categoryHref, categoryName } from "./categories";

const link = (id: string) => ({ id, name: categoryName(id), href: categoryHref(id) });

/** Every collection (every category but 'all'), each linking to its shop page. */
export const collectionLinks = () => CATEGORY_IDS.map(link);

/** The shell's category menu: 'All' then every collection. */
export const navCategories = () => [link(ALL), ...collectionLinks()];
