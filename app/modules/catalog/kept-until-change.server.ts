import { LRUCache } from "lru-cache";
import type { CatalogueChanges } from "~/db/catalogue-changes.server";

/**
 * What the storefront reads from the catalogue (a product's page, a listing, the sidebar's
 * counts), kept per key until the catalogue changes: any change to products or stock, committed
 * by this process or another, moves the version (catalogue-changes.server.ts), and a value kept at
 * another version is read again. So a shopper with a cart, whose pages are rendered for them, does
 * not ask the database for what every shopper sees alike (decision 40). At most `max` values per
 * database, the least recently used dropped first. Callers must not change what they are given:
 * the next request gets the same object.
 */
export function keptUntilChange<T>(max: number) {
  const kept = new WeakMap<CatalogueChanges, LRUCache<string, { version: number; value: T }>>();
  return async (catalogue: CatalogueChanges, key: string, read: () => Promise<T>): Promise<T> => {
    let values = kept.get(catalogue);
    if (!values) {
      values = new LRUCache({ max });
      kept.set(catalogue, values);
    }
    // Read before the query: a change committed while it runs leaves the value already stale.
    const version = catalogue.version();
    const found = values.get(key);
    if (found?.version === version) return found.value;
    const value = await read();
    values.set(key, { version, value });
    return value;
  };
}
