import { type Env, getEnv } from "~/utils/env.server";
import { createPesapalProvider } from "./pesapal/setup.server";
import type { PaymentProvider } from "./provider";
import { PaymentProviders } from "./registry";

/**
 * Every payment provider the shop knows, in the order checkout prefers them: the first is the
 * default. A new provider adds its factory here (see docs/decisions on payment providers).
 */
const FACTORIES: ((env: Env) => PaymentProvider)[] = [createPesapalProvider];

export function createPaymentProviders(env: Env): PaymentProviders {
  return new PaymentProviders(FACTORIES.map((create) => create(env)));
}

const holder = globalThis as typeof globalThis & { __shopPayments?: PaymentProviders };

/** The providers of this process, made from the configuration on first use. */
export function getPaymentProviders(): PaymentProviders {
  holder.__shopPayments ??= createPaymentProviders(getEnv());
  return holder.__shopPayments;
}

/** Tests point the shop at their own providers (an emulator on another port, a fake). */
export function setPaymentProviders(providers: PaymentProviders | undefined) {
  holder.__shopPayments = providers;
}
