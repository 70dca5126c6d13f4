import { createContext, RouterContextProvider } from "react-router";
import { type DatabaseHandle, type Db, openDatabase } from "~/db/client.server";
import { type Auth, deferredAuth, openAuth } from "~/modules/auth/auth.server";
import { createMediaStorage, type MediaStorage } from "~/modules/media/storage.server";
import { createMessageProviders } from "~/modules/messages/providers.server";
import type { MessageProviders } from "~/modules/messages/sender.server";
import { createPaymentProviders } from "~/modules/payments/providers.server";
import type { PaymentProviders } from "~/modules/payments/registry";
import type { Settings } from "~/settings.server";

/**
 * What loaders and actions work with: the settings, the database, media storage, admin accounts,
 * payment and message providers. The server builds them once at boot and hands them to every request through React
 * Router's load context; a test hands in its own.
 */
export type Services = {
  /** The validated configuration, read from the environment once, at boot. */
  settings: Settings;
  database: DatabaseHandle;
  /** The database's queries (`database.db`). */
  db: Db;
  media: MediaStorage;
  auth: Auth;
  payments: PaymentProviders;
  /** Where SMS and email go: Africa's Talking and SMTP when configured, else the built-in outbox. */
  messages: MessageProviders;
};

/**
 * Builds the shop's services from its configuration: the one place that does, for the server's
 * boot and the command-line scripts alike. A service given in `given` is used as it is (a test's
 * own database, storage or payment provider); the others are made to fit it. The database is
 * opened (and migrated) here unless given; the caller closes it.
 */
export async function createServices(
  env: Settings,
  given: Partial<Omit<Services, "db" | "settings">> = {},
): Promise<Services> {
  const database =
    given.database ??
    (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  try {
    const media = given.media ?? (await createMediaStorage(env));
    const auth = given.auth ?? deferredAuth(() => openAuth(database.db, env));
    const payments = given.payments ?? createPaymentProviders(env, database.db);
    const messages = given.messages ?? createMessageProviders(env);
    return { settings: env, database, db: database.db, media, auth, payments, messages };
  } catch (error) {
    if (!given.database) await database.close();
    throw error;
  }
}

/** The services, in every loader's and action's `context`. */
export const servicesContext = createContext<Services>();

/**
 * The address the request comes from, as Express resolved it (`req.ip`, which counts
 * X-Forwarded-For only as far as TRUST_PROXY says); "unknown" when there is none.
 */
export const clientAddressContext = createContext<string>("unknown");

/**
 * Set when a page is rendered to be kept for many visitors (server/page-cache.ts): the page is
 * rendered whole rather than streamed, and its scripts carry `nonceMarker`, which the cache
 * replaces with a fresh nonce in every answer. Unset, a page makes its own nonce.
 */
export const sharedPageContext = createContext<{
  nonceMarker: string;
  /** Stands for each shopper's own parts, which every answer fills in (components/shell/shopper.tsx). */
  shopperMarker: string;
} | null>(null);

/** The load context of one request: the shop's services and the client's address. */
export function requestContext(
  services: Services,
  clientAddress?: string,
  shared?: { nonceMarker: string; shopperMarker: string },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  if (clientAddress) context.set(clientAddressContext, clientAddress);
  if (shared) context.set(sharedPageContext, shared);
  return context;
}
