import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { logger } from "~/utils/logger.server";
import { CART_CHANNEL, cartChanged } from "./cart-changes.server";

/**
 * What the storefront shows (products and their stock) as a version number that grows with every
 * committed change. A trigger on those tables notifies `catalogue_changed` (migration 0012); a
 * notification is delivered only once its transaction commits, to every listening connection:
 * the process that made the change counts it before its own commit returns, and the shop's other
 * processes within moments. Caches of pages and counts keep the version they were made at and are
 * stale as soon as it moves.
 */
export type CatalogueChanges = {
  /** The number of changes seen so far: a cache made at another version is out of date. */
  version(): number;
  /** Called after every change seen (to drop a cache eagerly). */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
};

export const CATALOGUE_CHANNEL = "catalogue_changed";

/** Transactions already counted: each connection listening hears every notification. */
const REMEMBERED = 1000;

function counter() {
  let version = 0;
  const listeners = new Set<() => void>();
  const counted = new Set<string>();
  return {
    version: () => version,
    /** Counts a change; one naming a transaction already counted is not counted again. */
    bump(transaction = "") {
      if (transaction) {
        if (counted.has(transaction)) return;
        counted.add(transaction);
        if (counted.size > REMEMBERED) counted.delete(counted.values().next().value!);
      }
      version++;
      for (const listener of listeners) listener();
    },
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** PGlite is one session in this process: its notifications arrive as each query returns. */
export async function pgliteCatalogueChanges(client: PGlite): Promise<CatalogueChanges> {
  const changes = counter();
  const unlisten = await client.listen(CATALOGUE_CHANNEL, (transaction) =>
    changes.bump(transaction),
  );
  return { version: changes.version, onChange: changes.onChange, close: unlisten };
}

const RECONNECT_MS = 1000;

/**
 * On PostgreSQL every pooled connection listens, so a change made through the pool is counted
 * before its commit returns (and once, though every connection hears it); one more connection
 * always listens, for other processes' changes
 * while the pool sits idle. When that connection is lost it comes back, and counts a change:
 * one may have been missed meanwhile. The same connections hear which carts other processes
 * change (`cart_changed`), for the carts this one keeps.
 */
export function postgresChanges(
  connect: () => pg.Client,
): CatalogueChanges & { listenOn(client: pg.ClientBase): Promise<void> } {
  const changes = counter();
  const onNotification = (message: pg.Notification) => {
    if (message.channel === CATALOGUE_CHANNEL) changes.bump(message.payload);
    else if (message.channel === CART_CHANNEL) cartChanged(message.payload || null);
  };
  const listenTo = (client: pg.ClientBase) =>
    client.query(`LISTEN ${CATALOGUE_CHANNEL}; LISTEN ${CART_CHANNEL}`);

  let closed = false;
  let listener: pg.Client | undefined;
  const listen = async () => {
    if (closed) return;
    const client = connect();
    client.on("notification", onNotification);
    client.on("error", () => {});
    let lost = false;
    const retry = () => {
      if (lost || closed) return;
      lost = true;
      changes.bump();
      cartChanged(null);
      setTimeout(listen, RECONNECT_MS).unref();
    };
    client.on("end", retry);
    try {
      await client.connect();
      await listenTo(client);
      listener = client;
    } catch (error) {
      logger.warn({ err: error }, "could not listen for catalogue changes; trying again");
      client.end().catch(() => {});
      retry();
    }
  };
  void listen();

  return {
    version: changes.version,
    onChange: changes.onChange,
    /** The pool's hook for each new connection, which then listens before it runs any query. */
    async listenOn(client) {
      client.on("notification", onNotification);
      await listenTo(client);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}
