import type { DatabaseHandle, Db } from "~/db/client.server";
import { PaymentProviders } from "~/modules/payments/registry";
import { createServices, requestContext, type Services } from "~/services.server";
import { parseSettings, type Settings } from "~/settings.server";
import { FakePay } from "./fake-pay";
import { tempDir } from "./temp-dir";

/**
 * The settings a test's shop runs with: the shop's defaults on a local address, with the test's
 * own on top, validated as at boot. A setting is a value handed to the shop, never process.env.
 */
export function testSettings(given: Record<string, string | undefined> = {}): Settings {
  return parseSettings({ PUBLIC_URL: "http://localhost:3000", ...given });
}

/**
 * The shop's services on a test's database, made by the same function as the server's: the
 * test's own media storage, auth or payment providers where given, the configured kind otherwise
 * (media storage then in a fresh temporary folder).
 */
export function testServices(
  database: DatabaseHandle,
  given: Partial<Omit<Services, "database" | "db" | "settings">> = {},
  settings: Settings = testSettings(),
): Promise<Services> {
  return createServices({ ...settings, DATA_DIR: tempDir("services") }, { database, ...given });
}

/**
 * What settlement, reconciliation and fulfilment work with, for a test that calls them directly:
 * its database, the payment providers it gives (a stand-in that is never asked otherwise), and the
 * test settings the messages quote.
 */
export function testShop(
  db: Db,
  payments: PaymentProviders = new PaymentProviders([new FakePay()]),
  settings: Settings = testSettings(),
) {
  return { db, payments, settings };
}

/**
 * A loader's or action's arguments as the server hands them over: the request, its route
 * parameters, and the load context with `services` and the client's address.
 */
export function routeArgs<Args>(
  services: Services,
  request: Request,
  options: { clientAddress?: string; params?: Record<string, string> } = {},
): Args {
  const context = requestContext(services, options.clientAddress);
  return { request, params: options.params ?? {}, context } as Args;
}
