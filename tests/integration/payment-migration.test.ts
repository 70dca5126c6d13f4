import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { tempDir } from "../setup/temp-dir";

/**
 * The migration that made payments provider-neutral keeps every order's payment data: it is
 * applied here to a database holding orders in the old shape, on PGlite and on PostgreSQL.
 */
const MIGRATIONS = path.resolve("app/db/migrations");
const TAG = /_order_payment_provider$/;

/** A copy of the migrations folder that stops just before the one under test. */
function migrationsBefore(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"));
  const at = journal.entries.findIndex((e: { tag: string }) => TAG.test(e.tag));
  if (at < 1) throw new Error("The payment-provider migration is missing.");
  const dir = tempDir("migrations");
  fs.mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.slice(0, at);
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

type Runner = {
  name: string;
  open(): Promise<{
    migrate(folder: string): Promise<void>;
    query<T>(text: string): Promise<T[]>;
    close(): Promise<void>;
  }>;
};

const pglite: Runner = {
  name: "PGlite",
  async open() {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite({ client });
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async <T>(text: string) => (await client.query<T>(text)).rows,
      close: () => client.close(),
    };
  },
};

const postgres = (url: string): Runner => ({
  name: "PostgreSQL",
  async open() {
    const name = `shop_migration_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
    // A client still closing when the database is dropped hears "terminating connection": the
    // drop is the point, not an error.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzlePg({ client: pool });
    return {
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      query: async <T>(text: string) => (await pool.query(text)).rows as T[],
      close: async () => {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  },
});

const runners = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

const before = migrationsBefore();
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

const pesapalAnswer = (statusCode: number, reference: string) => ({
  payment_method: "MpesaKE",
  amount: 2800,
  confirmation_code: "SGH7K2L9QX",
  payment_status_description: "Completed",
  status_code: statusCode,
  merchant_reference: reference,
  currency: "KES",
  status: "200",
});

const ID = {
  paid: "00000000-0000-4000-8000-000000000001",
  reversed: "00000000-0000-4000-8000-000000000002",
  imported: "00000000-0000-4000-8000-000000000003",
  pending: "00000000-0000-4000-8000-000000000004",
  waiting: "00000000-0000-4000-8000-000000000005",
};

describe.each(runners)("the payment-provider migration, on $name", (runner) => {
  test("keeps every order's payment, in the shop's own terms, and fails reversed ones", async () => {
    const database = await runner.open();
    try {
      await database.migrate(before);
      const insert = (id: string, status: string, extra: string) =>
        database.query(`insert into orders (id, status, amount, items, customer_name, customer_phone, customer_email${extra ? ", pesapal_tracking_id, ipn_response, legacy_id, raw, payment_method" : ""})
          values ('${id}', '${status}', 2800, '[]', 'Akinyi', '254712345678', 'a@example.co.ke'${extra})`);
      const json = (v: unknown) => `'${JSON.stringify(v)}'::jsonb`;
      await insert(
        ID.paid,
        "Completed",
        `, 'trk-paid', ${json(pesapalAnswer(1, ID.paid))}, null, null, 'MpesaKE'`,
      );
      await insert(
        ID.reversed,
        "Shipped",
        `, 'trk-rev', ${json(pesapalAnswer(3, ID.reversed))}, null, null, 'MpesaKE'`,
      );
      const legacyNotification = { payment_method: "Visa" };
      await insert(
        ID.imported,
        "Completed",
        `, null, ${json(legacyNotification)}, 'Lgcy1', ${json({ ipnResponse: legacyNotification })}, 'Visa'`,
      );
      await insert(ID.pending, "Pending", "");
      await insert(ID.waiting, "Pending", ", 'trk-open', null, null, null, null");

      await database.migrate(MIGRATIONS);
      const rows = await database.query<Record<string, unknown>>(
        "select id, status, payment_provider, payment_reference, payment_status, payment_reversed_at, raw from orders order by id",
      );
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(byId[ID.paid]).toMatchObject({
        status: "Completed",
        payment_provider: "pesapal",
        payment_reference: "trk-paid",
        payment_reversed_at: null,
        payment_status: {
          state: "COMPLETED",
          amount: 2800,
          currency: "KES",
          merchantReference: ID.paid,
          paymentMethod: "MpesaKE",
          confirmationCode: "SGH7K2L9QX",
          description: "Completed",
          providerAnswer: pesapalAnswer(1, ID.paid),
        },
      });
      expect(byId[ID.reversed]).toMatchObject({
        status: "Failed",
        payment_reference: "trk-rev",
        payment_status: { state: "REVERSED" },
      });
      expect(byId[ID.reversed]!.payment_reversed_at).not.toBeNull();
      // The imported order's old notification stays in its original document.
      expect(byId[ID.imported]).toMatchObject({
        status: "Completed",
        payment_status: null,
        raw: { ipnResponse: legacyNotification },
      });
      expect(byId[ID.pending]).toMatchObject({
        status: "Pending",
        payment_provider: "pesapal",
        payment_reference: null,
        payment_status: null,
      });
      const events = await database.query<{ order_id: string; kind: string; details: unknown }>(
        "select order_id, kind, details from order_events",
      );
      expect(events).toEqual([
        {
          order_id: ID.reversed,
          kind: "payment_reversed",
          details: { source: "migration", from: "Shipped", to: "Failed" },
        },
      ]);
      // Each order sent to its provider keeps its payment as its first attempt (migration 0021).
      const attempts = await database.query<Record<string, unknown>>(
        "select order_id, number, provider, reference, state, amount, length(token) as token_length from payment_attempts order by order_id",
      );
      expect(attempts).toEqual([
        {
          order_id: ID.paid,
          number: 1,
          provider: "pesapal",
          reference: "trk-paid",
          state: "paid",
          amount: 2800,
          token_length: 64,
        },
        {
          order_id: ID.reversed,
          number: 1,
          provider: "pesapal",
          reference: "trk-rev",
          state: "failed",
          amount: 2800,
          token_length: 64,
        },
        {
          order_id: ID.waiting,
          number: 1,
          provider: "pesapal",
          reference: "trk-open",
          state: "open",
          amount: 2800,
          token_length: 64,
        },
      ]);
    } finally {
      await database.close();
    }
  });
});
