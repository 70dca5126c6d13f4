import { describeProvider, PROVIDER_DESCRIPTIONS } from "./catalogue";

/**
 * The name an owner or a shopper knows each payment provider by. Pure, so pages and the admin's
 * timeline can import it.
 */
export function providerLabel(name: unknown): string {
  // Orders from before providers were recorded were all paid through the first one the shop had.
  if (typeof name !== "string" || !name) return describeProvider("pesapal")!.label;
  return describeProvider(name)?.label ?? name;
}

const METHOD_LABELS: Record<string, string> = Object.assign(
  {},
  ...PROVIDER_DESCRIPTIONS.map((provider) => provider.methodLabels ?? {}),
);

/** A provider's payment method code in the words an owner uses; one we do not know keeps its word. */
export function paymentMethodLabel(method: string): string {
  return METHOD_LABELS[method.toLowerCase()] ?? method;
}
