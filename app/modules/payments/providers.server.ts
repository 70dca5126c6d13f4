import type { Db } from "~/db/client.server";
import type { Settings } from "~/settings.server";
import { createPesapalProvider } from "./pesapal/setup.server";
import type { PaymentProvider } from "./provider";
import { PaymentProviders } from "./registry";

/**
 * Every payment provider the shop knows, in the order checkout prefers them: the first is the
 * default. A new provider adds its factory here (see docs/decisions on payment providers).
 */
const FACTORIES: ((env: Settings, db: Db) => PaymentProvider)[] = [createPesapalProvider];

/** The providers as configured; the server makes them once, at boot (app/services.server.ts). */
export function createPaymentProviders(env: Settings, db: Db): PaymentProviders {
  return new PaymentProviders(FACTORIES.map((create) => create(env, db)));
}
