/**
 * The name an owner or a shopper knows each payment provider by. Pure, so pages and the admin's
 * timeline can import it.
 */
const LABELS: Record<string, string> = { pesapal: "Pesapal" };

/** Orders from before providers were recorded were all paid through Pesapal. */
export function providerLabel(name: unknown): string {
  if (typeof name !== "string" || !name) return LABELS.pesapal!;
  return LABELS[name] ?? name;
}
