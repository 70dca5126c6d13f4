import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, type Job, PgBoss, type QueuePolicy } from "pg-boss";
import type { DatabaseHandle, Tx } from "~/db/client.server";
import { logger } from "~/utils/logger.server";

/**
 * Background work as pg-boss jobs, kept in the shop's own database (schema `pgboss`), so a job
 * runs once however many processes serve the shop, on PGlite and PostgreSQL alike. Every process
 * runs the workers; pg-boss hands each job to one of them, and a schedule sends one job per
 * occurrence across all processes.
 */

/** Every queue the shop uses, by name: a name is part of the stored jobs, so never rename one. */
export const QUEUES = {
  reconcilePayments: "reconcile-payments",
  stockAlerts: "stock-alerts",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type JobDefinition<T extends object = object> = {
  queue: QueueName;
  /** pg-boss's queue policy; `exclusive` keeps at most one job waiting or running. */
  policy?: QueuePolicy;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  /** How often an idle worker asks for this queue's jobs. */
  pollingIntervalSeconds?: number;
  /** How long one run may take before pg-boss gives it to another worker. */
  expireInSeconds?: number;
  /** Gets the jobs pg-boss handed over (an array); throwing retries them. */
  run(jobs: Job<T>[]): Promise<void>;
};

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export type Jobs = {
  /** Enqueues a job; given a transaction, the job exists only if that transaction commits. */
  send(queue: QueueName, data: object, options?: { tx?: Tx }): Promise<string | null>;
  /** Stops taking jobs and waits up to `timeoutMs` for running ones, then lets go of the database. */
  stop(timeoutMs: number): Promise<void>;
  boss: PgBoss;
};

/** Starts pg-boss on the shop's database, creates the queues, workers and schedules. */
export async function startJobs(
  database: DatabaseHandle,
  definitions: JobDefinition<never>[],
): Promise<Jobs> {
  const common = { openTelemetry: { enabled: false }, instanceName: `shop-${process.pid}` };
  const boss =
    database.connection.kind === "pglite"
      ? // The process that owns PGlite is the only one there is: jobs run inside it.
        new PgBoss({ ...common, db: fromPglite(database.connection.client), backend: "pglite" })
      : new PgBoss({ ...common, connectionString: database.connection.url, max: 3 });
  // An EventEmitter without an error listener would end the process on the first failed poll.
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  boss.on("warning", (warning) => logger.warn({ warning }, "job queue warning"));
  await boss.start();

  for (const job of definitions) {
    await boss.createQueue(job.queue, {
      policy: job.policy ?? "standard",
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    });
    await boss.work<never>(
      job.queue,
      { pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        try {
          await job.run(jobs);
        } catch (error) {
          logger.error({ err: error, queue: job.queue }, "job failed; it will be retried");
          throw error;
        }
      },
    );
    if (job.cron) await boss.schedule(job.queue, job.cron);
  }

  return {
    boss,
    send: (queue, data, options) =>
      boss.send(queue, data, options?.tx ? { db: fromDrizzle(options.tx, sql) } : undefined),
    stop: (timeoutMs) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}
