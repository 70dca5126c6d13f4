/**
 * What the rest of the shop may know of a payment provider without its code: pure data, so pages,
 * the server's edge checks and the settings can read it. Each provider declares its own in its
 * folder (payments/<name>/description.ts); `catalogue.ts` lists them.
 */
export type NotificationRoute = {
  /** The path the provider calls, with `:name` for a segment of its own (a per-attempt token). */
  path: string;
  /** The body it sends: JSON only, or JSON or a form (some senders post forms). */
  body: "json" | "json-or-form";
  /** The most of a body the server reads from it. */
  maxBytes: number;
};

export type ProviderDescription = {
  /** The name orders and attempts record, and the registry finds the provider by. */
  name: string;
  /** The name an owner or a shopper knows it by. */
  label: string;
  /** The checkout's choice for it, in a shopper's words. */
  choice: string;
  /** What happens when the shopper pays with it, a sentence under the Pay button. */
  note: string;
  /**
   * The shopper pays on their phone while the shop's own page waits: checkout may take another
   * number to prompt, and the waiting page says this.
   */
  asksPayerPhone?: boolean;
  waiting?: { heading: string; again: string };
  /** Where it sends its notifications. */
  notifications: readonly NotificationRoute[];
  /** Its payment method codes in the words an owner uses ('MpesaKE' reads 'M-Pesa'). */
  methodLabels?: Readonly<Record<string, string>>;
  /** The shop can ask it to refund a payment (its provider has `refund`); else refunds are by hand. */
  refunds?: boolean;
};
