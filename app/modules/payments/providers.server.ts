import type { Db } from "~/db/client.server";
import type { Settings } from "~/settings.server";
import { PROVIDER_DESCRIPTIONS } from "./catalogue";
import { createMpesaExpress } from "./mpesa-express/setup.server";
import { createPesapal } from "./pesapal/setup.server";
import type { PaymentProvider } from "./provider";
import { type PaymentEmulator, PaymentProviders } from "./registry";

type Configured = { provider: PaymentProvider; emulator?: PaymentEmulator } | null;

/**
 * Each provider's factory, by the name its description gives (catalogue.ts lists them in the
 * order checkout prefers them): configuration in, the provider out (with demo mode's emulator),
 * or null when the shop has not set it up.
 */
const FACTORIES: Record<string, (env: Settings, db: Db) => Configured> = {
  "mpesa-express": (env) => createMpesaExpress(env),
  pesapal: (env, db) => createPesapal(env, db),
};

/** The providers as configured; the server makes them once, at boot (app/services.server.ts). */
export function createPaymentProviders(env: Settings, db: Db): PaymentProviders {
  const configured = PROVIDER_DESCRIPTIONS.map((d) => FACTORIES[d.name]?.(env, db) ?? null).filter(
    (c): c is NonNullable<Configured> => c !== null,
  );
  return new PaymentProviders(
    configured.map((c) => c.provider),
    configured.flatMap((c) => (c.emulator ? [c.emulator] : [])),
  );
}
