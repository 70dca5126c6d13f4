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

const NAMES: Record<string, string> = {
  all: "All Products",
  "masaai-shukas": "Masaai Shukas",
  tshirts: "T-Shirts",
  sandals: "Sandals & Shoes",
  "hoodies-trench": "Hoodies & Trench",
  "kids-wear": "Kids Wear",
  "men-wear": "Men Wear",
  homedecor: "Home Decor",
};

export function isCategoryId(id: string): id is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(id);
}

/** The listed name, else the id with hyphens as spaces and each word capitalised. */
export function categoryName(id: string): string {
  return (
    NAMES[id] ??
    id
      .split("-")
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(" ")
  );
}

/** The label on a product card: the id with hyphens shown as spaces. */
export function categoryLabel(id: string): string {
  return id.replaceAll("-", " ");
}

export type CategoryGroup = { name: string; categories: CategoryId[] };

export const CATEGORY_GROUPS: CategoryGroup[] = [
  {
    name: "Women's Fashion",
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
  { name: "Men's Fashion", categories: ["men-wear"] },
  { name: "Kids' Collection", categories: ["kids-wear"] },
  { name: "Outerwear", categories: ["hoodies-trench"] },
  { name: "Footwear & Accessories", categories: ["sandals", "accessories"] },
  { name: "Home & Living", categories: ["homedecor", "masaai-shukas"] },
];

/** The spec's groups plus a last "More" group holding any category in no group (e.g. tshirts). */
export function groupsWithMore(): CategoryGroup[] {
  const grouped = new Set(CATEGORY_GROUPS.flatMap((g) => g.categories));
  const rest = CATEGORY_IDS.filter((id) => !grouped.has(id));
  return rest.length ? [...CATEGORY_GROUPS, { name: "More", categories: rest }] : CATEGORY_GROUPS;
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
