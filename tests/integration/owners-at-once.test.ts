import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { user } from "~/db/schema";
import {
  ACCOUNT_MESSAGES,
  resetPassword,
  setDisabled,
  setRole,
} from "~/modules/auth/accounts.server";
import { createAdmin } from "~/modules/auth/admins.server";
import { bothDatabases as databases } from "../setup/databases";
import { testServices } from "../setup/services";
import { until } from "../setup/until";

/**
 * Two owners changing each other's accounts at the same moment, when the shop has only the two:
 * one change goes through, the other is refused with the "last owner" sentence, never a database
 * deadlock (a 500). On PostgreSQL both run truly at once, on two connections of their own, and a
 * third connection holds both rows until both changes are waiting on them, so every run meets the
 * interleaving that deadlocked (each holding the row the other wanted next).
 */
describe.each(databases)("two owners at once, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let other: DatabaseHandle | undefined;
  let first: string;
  let second: string;

  beforeAll(async () => {
    handle = await database.open();
    const services = await testServices(handle);
    first = (
      await createAdmin(services.auth, {
        email: "amina@owners.example",
        password: "owner-one-secret",
      })
    ).id;
    second = (
      await createAdmin(services.auth, {
        email: "baraka@owners.example",
        password: "owner-two-secret",
      })
    ).id;
    if (handle.connection.kind === "postgres") {
      other = await openDatabase({ databaseUrl: handle.connection.url, dataDir: "." });
      // Connected before the race, so neither change starts late on a fresh connection.
      await Promise.all([handle, other].map((h) => h.db.execute(sql`select 1`)));
    }
  });
  afterAll(async () => {
    await other?.close();
    await handle?.dispose();
  });

  /** Runs both changes at once (on PostgreSQL behind a lock on both owners' rows, let go together). */
  async function atOnce(a: () => Promise<unknown>, b: () => Promise<unknown>) {
    if (handle.connection.kind !== "postgres") return Promise.allSettled([a(), b()]);
    const blocker = new pg.Client({ connectionString: handle.connection.url });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query(`select id from "user" where id = any($1) for update`, [[first, second]]);
      const both = Promise.allSettled([a(), b()]);
      await until(async () => {
        const { rows } = await blocker.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0].n >= 2;
      });
      await blocker.query("commit");
      return await both;
    } finally {
      await blocker.end();
    }
  }

  const owners = async () =>
    (await handle.db.select({ id: user.id }).from(user).where(eq(user.role, "owner"))).length;
  const restore = async () => {
    await handle.db.update(user).set({ role: "owner", banned: false }).where(eq(user.id, first));
    await handle.db.update(user).set({ role: "owner", banned: false }).where(eq(user.id, second));
  };
  const secondDb = () => (other ?? handle).db;

  /** One fulfilled, one refused with the shop's sentence (not a deadlock's words). */
  function oneRefused(results: PromiseSettledResult<unknown>[]) {
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused, "exactly one change is refused").toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason?.message)).toBe(
      ACCOUNT_MESSAGES.lastOwner,
    );
  }

  test("demoting each other: one is demoted, the other is told the shop needs an owner", async () => {
    const results = await atOnce(
      () => setRole(handle.db, first, second, "staff"),
      () => setRole(secondDb(), second, first, "staff"),
    );
    oneRefused(results);
    expect(await owners()).toBe(1);
    await restore();
  });

  test("disabling each other, and a reset against a demotion, end the same way", async () => {
    oneRefused(
      await atOnce(
        () => setDisabled(handle.db, first, second, true),
        () => setDisabled(secondDb(), second, first, true),
      ),
    );
    const active = await handle.db.select().from(user).where(eq(user.banned, false));
    expect(active.filter((u) => u.role === "owner")).toHaveLength(1);
    await restore();

    oneRefused(
      await atOnce(
        () => resetPassword(handle.db, first, second),
        () => setRole(secondDb(), second, first, "staff"),
      ),
    );
  });
});
