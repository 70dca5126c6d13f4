import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "~/db/client.server";
import { throttleCounters } from "~/db/schema";

/**
 * Attempts counted in the database, shared by every process of the shop. Each attempt is counted
 * first, in one atomic upsert, and judged by the count it got: so no number of parallel requests
 * gets past a limit, which checking a count and then recording a failure cannot promise.
 * rate-limiter-flexible's Drizzle store works on node-postgres and on PGlite alike.
 */
export type Limit = {
  /** Names the counters of this limit (the key prefix). */
  name: string;
  /** Attempts allowed in one window. */
  points: number;
  windowSeconds: number;
};

export type Count = {
  /** Attempts in this window, this one included. */
  count: number;
  allowed: boolean;
  /** When the window ends. */
  retryAfterMs: number;
};

const limiters = new WeakMap<Db, Map<string, RateLimiterDrizzle>>();

function limiterFor(db: Db, limit: Limit) {
  let byName = limiters.get(db);
  if (!byName) {
    byName = new Map();
    limiters.set(db, byName);
  }
  let limiter = byName.get(limit.name);
  if (!limiter) {
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: throttleCounters,
      keyPrefix: limit.name,
      points: limit.points,
      duration: limit.windowSeconds,
      // One sweep of ended windows per database is enough: every limit shares the table.
      clearExpiredByTimeout: byName.size === 0,
    });
    byName.set(limit.name, limiter);
  }
  return limiter;
}

const countOf = (res: RateLimiterRes, points: number): Count => ({
  count: res.consumedPoints,
  allowed: res.consumedPoints <= points,
  retryAfterMs: Math.max(res.msBeforeNext, 0),
});

/** Counts one attempt for `key`, then answers whether it is within the limit. */
export async function countAttempt(db: Db, limit: Limit, key: string): Promise<Count> {
  try {
    return countOf(await limiterFor(db, limit).consume(key), limit.points);
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return countOf(refused, limit.points);
    throw refused;
  }
}

/** Takes back one counted attempt (one that turned out to be legitimate). */
export async function uncountAttempt(db: Db, limit: Limit, key: string) {
  await limiterFor(db, limit).reward(key, 1);
}

/** Forgets every attempt of `key` in this window. */
export async function forgetAttempts(db: Db, limit: Limit, key: string) {
  await limiterFor(db, limit).delete(key);
}
