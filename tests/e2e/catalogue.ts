import { sampleCatalogue } from "../../app/modules/catalog/sample-catalogue";

/**
 * The sample catalogue the browser suite's shop was seeded with: the tests' oracle for what a
 * listing must show, computed here in plain TypeScript, independently of the shop's SQL.
 */
export const catalogue = sampleCatalogue();
export const inStock = catalogue.filter((p) => p.inStock);
/**
 * Shown and made to order (stock not tracked): what specs that buy again and again use, so a
 * run never empties the shelf that other specs look at.
 */
export const madeToOrder = inStock.filter((p) => p.stock === null);

/** Sold out as seeded: every size it offers (or the one piece without sizes) counted at 0. */
export const seededSoldOut = (p: (typeof catalogue)[number]) =>
  p.stock !== null && Object.values(p.stock).every((n) => n === 0);

/** Whether `text` has a word starting with `term` (a search word matches word starts only). */
export const startsAWord = (text: string, term: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((word) => word.startsWith(term.toLowerCase()));

export function expectedListing({
  q = "",
  category = "all",
  sort = "name",
}: {
  q?: string;
  category?: string;
  sort?: string;
}) {
  const term = q.trim().toLowerCase();
  const matches = inStock.filter(
    (p) =>
      (category === "all" || p.category === category) &&
      (!term || startsAWord(`${p.name} ${p.description}`, term)),
  );
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  // Sold-out products last, whatever the order.
  return matches.sort((a, b) => {
    if (seededSoldOut(a) !== seededSoldOut(b)) return seededSoldOut(a) ? 1 : -1;
    if (sort === "price-asc") return a.price - b.price || byId(a, b);
    if (sort === "price-desc") return b.price - a.price || byId(b, a);
    // The test databases use the C collation: names compare by code point.
    return (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || byId(a, b);
  });
}
