import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { StartupError } from "~/utils/startup-error";
import {
  type CatalogueChanges,
  pgliteCatalogueChanges,
  postgresChanges,
} from "./catalogue-changes.server";
import * as schema from "./schema";

export type Db = NodePgDatabase<typeof schema>;
/** A transaction accepts the same queries as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** How another client of the same database (the job queue) reaches it. */
  connection: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  /**
   * Runs `work` while no other process of the shop runs its own: start-up steps that must happen
   * once (migrations, the first admin, the sample catalogue) when several processes start together.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` holding the lock named `key` across the shop's processes: another caller with the
   * same key waits for it (a second payment request for one order waits for the first's answer).
   * A process that dies lets go at once: the database drops its connection's locks.
   */
  lockWhile<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Committed changes to products and stock, from this process and the others. */
  catalogue: CatalogueChanges;
  /** PGlite only: a gzipped tarball of its data folder, for backups while the shop runs. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

const MIGRATIONS = path.resolve("app/db/migrations");

/** The PostgreSQL advisory lock the shop's processes take for their start-up steps. */
const STARTUP_LOCK = 4_171_505_283;

/** Holds the start-up lock on one connection of `pool` while `work` runs. */
async function withAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * PGlite on `dir` with the extensions the schema uses, without migrations; optionally filled from
 * a data-folder tarball (a backup). The caller holds the folder's lock. Its shared buffers are
 * 32 MB rather than PostgreSQL's 128 MB: they live in the process's own memory (WebAssembly),
 * which never shrinks, and a shop's catalogue and orders fit in far less; the operating
 * system's file cache still holds the rest.
 */
export async function createPglite(dir: string, options: { loadDataDir?: Blob } = {}) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  });
}

/**
 * Locks of one process, by key: each caller waits for the one before it. Enough where the
 * database belongs to one process (PGlite), and in front of PostgreSQL's lock so that a process
 * holds one connection per key, not one per waiting request.
 */
function processLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const before = tails.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/**
 * PostgreSQL's session advisory lock for `key`, on a pool of its own: a holder's own queries go
 * through the main pool, so holders can never use up the connections they wait for.
 */
function advisoryLocks(pool: pg.Pool) {
  const local = processLocks();
  return <T>(key: string, work: () => Promise<T>): Promise<T> =>
    local(key, async () => {
      const client = await pool.connect();
      // A connection lost while holding (the server restarting) lets go of the lock with it:
      // the work goes on, and the broken client is thrown away instead of crashing the process.
      let broken = false;
      const lost = () => {
        broken = true;
      };
      client.on("error", lost);
      try {
        await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [key]);
        return await work();
      } finally {
        if (!broken) {
          await client
            .query("select pg_advisory_unlock(hashtextextended($1, 0))", [key])
            .catch(lost);
        }
        client.off("error", lost);
        client.release(broken);
      }
    });
}

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `<dataDir>/db`, and
 * applies the committed migrations. PGlite is opened at boot (about 3 s on a new folder), never
 * on a first request.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Pool, Client } = (await import("pg")).default;
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const catalogue = postgresChanges(() => new Client({ connectionString: options.databaseUrl }));
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // In a burst (a flash sale: hundreds of checkouts at once on two busy cores) a request may
      // wait this long for one of the ten connections; slower than that, the database is stuck.
      connectionTimeoutMillis: 15_000,
      // Every connection listens for catalogue changes before the pool hands it out.
      onConnect: (client) => catalogue.listenOn(client),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzle({ client: pool, schema });
    const exclusively = <T>(work: () => Promise<T>) => withAdvisoryLock(pool, work);
    // Up to 10 payment requests of different orders at once, each holding its order's lock.
    const lockPool = new Pool({
      connectionString: options.databaseUrl,
      max: 10,
      idleTimeoutMillis: 10_000,
    });
    lockPool.on("error", () => {});
    try {
      // Two processes starting together on an empty database must not both create the tables.
      await exclusively(() => migrate(db, { migrationsFolder: MIGRATIONS }));
    } catch (error) {
      await catalogue.close();
      await pool.end();
      await lockPool.end();
      const cause = (error as { cause?: unknown }).cause ?? error;
      const code = (cause as NodeJS.ErrnoException).code;
      // An unreachable server is an operator's fix, not a crash worth a stack trace.
      if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "28P01" || code === "3D000") {
        throw new StartupError(
          `Could not open the PostgreSQL database in DATABASE_URL: ${(cause as Error).message || code}.`,
        );
      }
      throw error;
    }
    let ended = false;
    return {
      db,
      kind: "postgres",
      connection: { kind: "postgres", url: options.databaseUrl },
      exclusively,
      lockWhile: advisoryLocks(lockPool),
      ping: async () => void (await pool.query("select 1")),
      catalogue,
      close: async () => {
        if (ended) return;
        ended = true;
        await catalogue.close();
        await pool.end();
        // A payment request still holding its order's lock is not waited for: the process is
        // stopping, and the database lets go of the lock with the connection.
        await Promise.race([lockPool.end(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      },
    };
  }

  const dir = path.join(options.dataDir, "db");
  fs.mkdirSync(dir, { recursive: true });
  const { acquirePgliteLock } = await import("./pglite-lock.server");
  const release = acquirePgliteLock(dir);
  try {
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await createPglite(dir);
    const pgliteDb = drizzle({ client, schema });
    await migrate(pgliteDb, { migrationsFolder: MIGRATIONS });
    const catalogue = await pgliteCatalogueChanges(client);
    let closed = false;
    return {
      // Both drivers speak the same SQL; one type serves the whole app.
      db: pgliteDb as unknown as Db,
      kind: "pglite",
      connection: { kind: "pglite", client },
      // PGlite belongs to one process (see pglite-lock.server.ts): nothing to wait for.
      exclusively: (work) => work(),
      lockWhile: processLocks(),
      ping: async () => {
        if (closed) throw new Error("The database is closed.");
        await client.query("select 1");
      },
      catalogue,
      dumpDataDir: async () => {
        if (closed) throw new Error("The database is closed.");
        // Flushes committed pages into the data files, so a restore replays little or no WAL.
        await client.exec("checkpoint");
        return client.dumpDataDir("gzip");
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await catalogue.close();
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
