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

/** Pesapal's payment method codes in the words an owner uses. */
const METHOD_LABELS: Record<string, string> = {
  mpesake: "M-Pesa",
  mpesa: "M-Pesa",
  "m-pesa": "M-Pesa",
  airtelke: "Airtel Money",
  airtel: "Airtel Money",
  visa: "Visa card",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** 'MpesaKE' reads 'M-Pesa'; a method we do not know keeps the provider's word. */
export function paymentMethodLabel(method: string): string {
  return METHOD_LABELS[method.toLowerCase()] ?? method;
}
