import { msg } from "~/i18n/messages";

/** The shop's categories (spec section 3): ids are slugs, 'all' means no filter. */
export const CATEGORY_IDS = [
  "dresses",
  "masaai-shukas",
  "trousers",
  "skirts",
  "blazers",
  "tshirts",
  "kimonos",
  "sandals",
  "ponchos",
  "hoodies-trench",
  "jumpsuits",
  "tops",
  "kids-wear",
  "men-wear",
  "accessories",
  "homedecor",
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];
export const ALL = "all";

export function isCategoryId(id: string): id is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(id);
}

/**
 * The category's name in the page's language (`categoryNames` in `i18n/`), else the id with
 * hyphens as spaces and each word capitalised (a category only an import knows).
 */
export function categoryName(id: string): string {
  return (
    msg.categoryNames[id] ??
    id
      .split("-")
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(" ")
  );
}

/** The label on a product card: in English the id with hyphens shown as spaces, else its name. */
export function categoryLabel(id: string): string {
  return msg.cardLabelIsName ? categoryName(id) : id.replaceAll("-", " ");
}

export type CategoryGroup = { id: string; name: string; categories: CategoryId[] };

/** The spec's groups, by id; `groupsWithMore` names them in the page's language. */
export const CATEGORY_GROUPS: Omit<CategoryGroup, "name">[] = [
  {
    id: "women",
    categories: [
      "dresses",
      "skirts",
      "trousers",
      "jumpsuits",
      "tops",
      "blazers",
      "kimonos",
      "ponchos",
    ],
  },
  { id: "men", categories: ["men-wear"] },
  { id: "kids", categories: ["kids-wear"] },
  { id: "outerwear", categories: ["hoodies-trench"] },
  { id: "footwear", categories: ["sandals", "accessories"] },
  { id: "home", categories: ["homedecor", "masaai-shukas"] },
];

/** The spec's groups plus a last "More" group holding any category in no group (e.g. tshirts). */
export function groupsWithMore(): CategoryGroup[] {
  const grouped = new Set(CATEGORY_GROUPS.flatMap((g) => g.categories));
  const rest = CATEGORY_IDS.filter((id) => !grouped.has(id));
  const groups = rest.length
    ? [...CATEGORY_GROUPS, { id: "more", categories: rest }]
    : CATEGORY_GROUPS;
  return groups.map((group) => ({ ...group, name: msg.categoryGroups[group.id] ?? group.id }));
}

/** The six categories of the Home page's "Shop by Category" grid. */
export const HOME_CATEGORIES: CategoryId[] = [
  "dresses",
  "kimonos",
  "jumpsuits",
  "masaai-shukas",
  "kids-wear",
  "accessories",
];

export function categoryHref(id: string): string {
  return id === ALL ? "/shop" : `/shop?category=${encodeURIComponent(id)}`;
}
