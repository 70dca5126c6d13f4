import type { Router } from "express";
import { PaymentError, type PaymentProvider } from "./provider";

/**
 * Demo mode's stand-in for a provider, mounted by the server at `path`: `api` is called by the
 * shop's own client (before the browser-only CSRF check), `pages` takes browsers' forms (after it).
 */
export type PaymentEmulator = { path: string; api: Router; pages: Router };

/** A payment as the shop finds it: which provider holds it, under which reference. */
export type PaymentRef = { provider: string; reference: string };

/**
 * The payment providers the shop can use, by name. Checkout picks one per order (the first one
 * registered unless it asks for another); settlement, reconciliation, notifications and the
 * shopper's return reach each order's payment through the provider the order records.
 */
export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>();

  constructor(
    providers: PaymentProvider[],
    /** The emulators the providers run on in demo mode, for the server to mount. */
    readonly emulators: readonly PaymentEmulator[] = [],
  ) {
    if (providers.length === 0) throw new Error("At least one payment provider is needed.");
    for (const provider of providers) this.byName.set(provider.name, provider);
  }

  /** The provider checkout uses when it names none. */
  get default(): PaymentProvider {
    return this.byName.values().next().value!;
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get(name: string): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider) {
      throw new PaymentError(`No payment provider called "${name}" is set up.`, "unknown_provider");
    }
    return provider;
  }

  /** Which payment a shopper's return to the shop is about, asking each provider in turn. */
  fromReturn(url: URL): PaymentRef | null {
    for (const provider of this.byName.values()) {
      const reference = provider.referenceFromReturn?.(url);
      if (reference) return { provider: provider.name, reference };
    }
    return null;
  }
}
