import type { Problem } from "./firestore-export";

/** What an import did: every document is imported, skipped with a reason, or noted. */
export type ImportReport = {
  products?: {
    imported: { id: string; name: string; images: number }[];
    skipped: Problem[];
    notes: Problem[];
    images: { stored: number; failed: { productId: string; address: string; reason: string }[] };
  };
  orders?: {
    imported: { id: string; legacyId: string }[];
    skipped: Problem[];
    notes: Problem[];
  };
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report as printed by `npm run import`: counts first, then one line per document. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const { products, orders } = report;
  if (products) {
    lines.push(
      `Products: ${products.imported.length} imported, ${products.skipped.length} skipped.`,
      ...products.imported.map(
        (p) => `  imported ${p.id} "${p.name}" with ${plural(p.images, "image")}`,
      ),
      ...products.skipped.map((p) => `  skipped ${p.id}: ${p.reason}`),
      ...products.notes.map((p) => `  note on ${p.id}: ${p.reason}`),
      `Images: ${products.images.stored} stored, ${products.images.failed.length} could not be imported.`,
      ...products.images.failed.map((f) => `  product ${f.productId}, ${f.address}: ${f.reason}`),
    );
  }
  if (orders) {
    lines.push(
      `Orders: ${orders.imported.length} imported, ${orders.skipped.length} skipped.`,
      ...orders.imported.map((o) => `  imported ${o.legacyId} as order ${o.id}`),
      ...orders.skipped.map((o) => `  skipped ${o.id}: ${o.reason}`),
      ...orders.notes.map((o) => `  note on ${o.id}: ${o.reason}`),
    );
  }
  return lines.join("\n");
}
