import { randomInt } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type pg from "pg";
import { logger } from "~/utils/logger.server";

/**
 * How a shop process shows the others it is alive: it holds a session advisory lock keyed by its
 * own random id for as long as it runs. The database lets go of the lock the moment the process's
 * connection ends, crash or not, so "is process N alive?" is answered by the database itself
 * (pg_locks), on PostgreSQL and on PGlite alike. Payment claims carry the id (decision 25).
 */

/** The first key of the two-key advisory locks that mark live processes. */
export const ALIVE_LOCK_SPACE = 21_320;

export type ProcessAlive = {
  /** This process's id in claims. */
  id: number;
  /** Lets go of the lock (the process is then seen as gone). */
  release(): Promise<void>;
};

/** A new process id, locked on PGlite's one session. */
export async function aliveOnPglite(client: PGlite): Promise<ProcessAlive> {
  const id = randomInt(1, 2 ** 31 - 1);
  await client.query("select pg_advisory_lock($1, $2)", [ALIVE_LOCK_SPACE, id]);
  return {
    id,
    release: async () => {
      if (!client.closed)
        await client.query("select pg_advisory_unlock($1, $2)", [ALIVE_LOCK_SPACE, id]);
    },
  };
}

/**
 * A new process id, locked on a connection of its own to PostgreSQL. A lost connection is opened
 * again with the same id; meanwhile the process looks gone, so at worst a payment request of its
 * is made a second time (the provider then holds two, and only one is paid).
 */
export async function aliveOnPostgres(newClient: () => pg.Client): Promise<ProcessAlive> {
  const id = randomInt(1, 2 ** 31 - 1);
  let client: pg.Client | null = null;
  let released = false;
  const connect = async (): Promise<void> => {
    const next = newClient();
    next.on("error", (error) => {
      logger.warn({ err: error }, "the connection that shows this process is alive was lost");
      client = null;
      if (!released) setTimeout(() => void connect().catch(() => {}), 1_000).unref();
    });
    await next.connect();
    await next.query("select pg_advisory_lock($1, $2)", [ALIVE_LOCK_SPACE, id]);
    client = next;
  };
  await connect();
  return {
    id,
    release: async () => {
      released = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** SQL true when the process of the id in `column` no longer holds its lock. */
export const processGone = (column: SQL) => sql`not exists (
  select 1 from pg_locks l
   where l.locktype = 'advisory' and l.granted and l.objsubid = 2
     and l.classid = ${ALIVE_LOCK_SPACE}::oid and l.objid = ${column}::oid)`;
