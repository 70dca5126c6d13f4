import os from "node:os";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { appMeta } from "~/db/schema";
import { defineJob, type Jobs, QUEUES, startJobs } from "~/modules/jobs/jobs.server";
import { bothDatabases as databases } from "../setup/databases";

const until = async (check: () => boolean | Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting");
};

/** A queue worker that records the `n` of every job it runs. */
function recorder(ran: number[]) {
  return defineJob<{ n: number }>({
    queue: QUEUES.reconcilePayments,
    pollingIntervalSeconds: 0.5,
    async run(jobs) {
      for (const job of jobs) ran.push(job.data.n);
    },
  });
}

describe.each(databases)("background jobs, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let jobs: Jobs;
  const ran: number[] = [];

  beforeAll(async () => {
    handle = await database.open();
    jobs = await startJobs(handle, [recorder(ran)]);
  });
  afterAll(async () => {
    await jobs?.stop(1000);
    await handle?.dispose();
  });

  test("a job sent in a transaction runs only if the transaction commits", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: "jobs-test", value: "1" });
      await jobs.send(QUEUES.reconcilePayments, { n: 1 }, { tx });
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await jobs.send(QUEUES.reconcilePayments, { n: 2 }, { tx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await jobs.send(QUEUES.reconcilePayments, { n: 3 });
    await until(() => ran.includes(1) && ran.includes(3));
    // Long enough for a rolled-back job to have been picked up, had it existed.
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran.sort()).toEqual([1, 3]);
  });
});

// Several processes, each with its own pg-boss, on one PostgreSQL: every job runs exactly once.
const postgres = databases.find((d) => d.name === "PostgreSQL");
describe.runIf(postgres)("background jobs across processes, on PostgreSQL", () => {
  test("three workers on one database run each of 60 jobs exactly once", async () => {
    const handle = await postgres!.open();
    const url = handle.connection.kind === "postgres" ? handle.connection.url : "";
    // Separate handles stand in for separate processes: separate pools, separate pg-boss.
    const others = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: url, dataDir: os.tmpdir() })),
    );
    const ran: number[][] = [[], [], []];
    const workers = await Promise.all(
      [handle, ...others].map((h, i) => startJobs(h, [recorder(ran[i]!)])),
    );
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, n) => workers[n % 3]!.send(QUEUES.reconcilePayments, { n })),
      );
      await until(() => ran.flat().length >= 60);
      await new Promise((r) => setTimeout(r, 1500));
      const all = ran.flat().sort((a, b) => a - b);
      expect(all).toEqual(Array.from({ length: 60 }, (_, n) => n));
    } finally {
      await Promise.all(workers.map((w) => w.stop(1000)));
      await Promise.all(others.map((o) => o.close()));
      await handle.dispose();
    }
  });
});
