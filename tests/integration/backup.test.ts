import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { createAdmin } from "~/modules/auth/admins.server";
import { openAuth } from "~/modules/auth/auth.server";
import { serveDatabaseDumps } from "~/modules/backup/dump-socket.server";
import { storeImageVariants } from "~/modules/media/images.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { dashboardStats } from "~/modules/orders/dashboard.server";
import { loader as mediaLoader } from "~/routes/resources/media";
import { loader as productLoader } from "~/routes/storefront/product";
import { createServices } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { variantKey } from "~/utils/image-urls";
import { adminSessionCookie } from "../setup/admin-session";
import { routeArgs } from "../setup/services";
import { tempDir } from "../setup/temp-dir";

const run = promisify(execFile);
const OWNER = { email: "owner@amani.test", password: "kitenge-backup-2026" };
const PHOTO = "products/dresses/1700000000000_backup-red";
const ORIGIN = "http://localhost:3000";

type Place = { dataDir: string; databaseUrl?: string };

/** Runs `npm run backup|restore -- ...` as an operator would, against `place`. */
async function npm(script: "backup" | "restore", args: string[], place: Place) {
  try {
    const { stdout } = await run("npm", ["run", "--silent", script, "--", ...args], {
      env: {
        ...process.env,
        DATA_DIR: place.dataDir,
        DATABASE_URL: place.databaseUrl ?? "",
        LOG_LEVEL: "silent",
      },
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: `${failed.stdout}${failed.stderr}` };
  }
}

/** A shop's data: an admin, a product with its photo, an order. */
async function fillShop(handle: DatabaseHandle, dataDir: string) {
  const env = parseSettings({ PUBLIC_URL: ORIGIN, DATA_DIR: dataDir });
  await createAdmin(await openAuth(handle.db, env), OWNER);
  const photo = await sharp({
    create: { width: 40, height: 50, channels: 3, background: "#b5462a" },
  })
    .png()
    .toBuffer();
  await storeImageVariants(new DiskStorage(path.join(dataDir, "media")), PHOTO, photo, {
    effort: 0,
  });
  await handle.db.insert(products).values({
    id: "7001",
    name: "Backup Kitenge Dress",
    description: "A dress that survives a lost server.",
    category: "dresses",
    price: 4200,
    images: [PHOTO],
  });
  await handle.db.insert(orders).values({
    status: "Completed",
    amount: 4350,
    items: [{ name: "Backup Kitenge Dress", quantity: 1, price: 4200 }],
    customerName: "Wanjiru Kamau",
    customerPhone: "254712345678",
    customerEmail: "wanjiru@example.com",
  });
}

/** Starts the shop on `place` (migrations, media, auth) and checks everything came back. */
async function expectShopRestored(place: Place) {
  const services = await createServices(
    parseSettings({ PUBLIC_URL: ORIGIN, DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl }),
  );
  const handle = services.database;
  try {
    const page = await productLoader(
      routeArgs(services, new Request(`${ORIGIN}/product/7001`), { params: { id: "7001" } }),
    );
    expect(page.product.name).toBe("Backup Kitenge Dress");
    const image = (await mediaLoader(
      routeArgs(services, new Request(`${ORIGIN}/media/${variantKey(PHOTO, 320)}`), {
        params: { "*": variantKey(PHOTO, 320) },
      }),
    )) as Response;
    expect(image.status).toBe(200);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(320);

    expect(await dashboardStats(handle.db)).toMatchObject({ revenue: 4350, completedOrders: 1 });
    const [order] = await handle.db.select().from(orders);
    expect(order?.customerName).toBe("Wanjiru Kamau");
    // The admin's password hash came back too: the owner logs in.
    expect(await adminSessionCookie(services, OWNER, "10.9.0.7", ORIGIN)).toMatch(/=/);
  } finally {
    await handle.close();
  }
}

async function archiveEntries(file: string) {
  const names: string[] = [];
  await tar.list({ file, onReadEntry: (entry) => void names.push(entry.path) });
  return names;
}

describe("backup and restore on PGlite", () => {
  let root: string;
  let source: Place;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    root = tempDir("backup");
    source = { dataDir: path.join(root, "shop") };
    handle = await openDatabase(source);
    await fillShop(handle, source.dataDir);
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("a running shop is backed up through its server, restored into a fresh folder, and starts with everything", async () => {
    // The shop keeps running: it holds the database and answers the dump request, as at boot.
    const stop = await serveDatabaseDumps(source.dataDir, handle.dumpDataDir!);
    let backup: { code: number; out: string };
    try {
      const folder = path.join(root, "backups");
      const [result] = await Promise.all([
        npm("backup", [`${folder}/`], source),
        // The shop keeps answering while the backup runs.
        handle.db.select().from(products).where(eq(products.id, "7001")),
      ]);
      backup = result!;
      expect(backup.out).toMatch(/^Backup written to .*amani-\d{8}-\d{6}\.tar\.gz$/m);
    } finally {
      await stop();
    }
    expect(backup.code).toBe(0);
    const file = backup.out.match(/Backup written to (\S+)/)![1]!;
    // It holds every customer's details and the shop's secrets: its owner's to read, no one else's.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const entries = await archiveEntries(file);
    expect(entries).toContain("manifest.json");
    expect(entries).toContain("database/pglite.tar.gz");
    expect(entries).toContain(`media/${variantKey(PHOTO, 960)}`);
    expect(await handle.db.select().from(products)).toHaveLength(1);

    const fresh = { dataDir: path.join(root, "restored") };
    const restored = await npm("restore", [file], fresh);
    expect(restored).toMatchObject({ code: 0 });
    await expectShopRestored(fresh);

    // Restoring over data is refused unless --force, which keeps the replaced data aside.
    const refused = await npm("restore", [file], fresh);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Nothing was restored:");
    const forced = await npm("restore", [file, "--force"], fresh);
    expect(forced.code).toBe(0);
    expect(forced.out).toMatch(/kept in .*db\.before-restore-/);
    await expectShopRestored(fresh);
  });

  test("with the server stopped, the backup opens the data folder itself", async () => {
    await handle.close();
    const file = path.join(root, "stopped.tar.gz");
    expect(await npm("backup", [file], source)).toMatchObject({ code: 0 });
    const fresh = { dataDir: path.join(root, "restored-from-stopped") };
    expect(await npm("restore", [file], fresh)).toMatchObject({ code: 0 });
    await expectShopRestored(fresh);
  });

  test("a running server's database is never opened a second time, and a restore into it is refused", async () => {
    const running = await openDatabase(source);
    try {
      // No dump socket: the server holds the lock but cannot be asked.
      const backup = await npm("backup", [path.join(root, "never.tar.gz")], source);
      expect(backup.code).toBe(1);
      expect(backup.out).toContain("is in use by a running server");
      expect(fs.existsSync(path.join(root, "never.tar.gz"))).toBe(false);
      const restore = await npm("restore", [path.join(root, "stopped.tar.gz"), "--force"], source);
      expect(restore.code).toBe(1);
      expect(restore.out).toContain("is in use by another process");
    } finally {
      await running.close();
    }
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)("backup and restore on PostgreSQL", () => {
  const created: string[] = [];
  let root: string;
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl });
  async function emptyDatabase() {
    const name = `shop_backup_${process.pid}_${created.length}_${Date.now().toString(36)}`;
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    created.push(name);
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  }
  beforeAll(() => {
    root = tempDir("backup-pg");
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of created) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("a running shop is dumped with pg_dump, restored into an empty database, and starts with everything", async () => {
    const source = { dataDir: path.join(root, "shop"), databaseUrl: await emptyDatabase() };
    const handle = await openDatabase(source);
    let file: string;
    try {
      await fillShop(handle, source.dataDir);
      const backup = await npm("backup", [path.join(root, "pg.tar.gz")], source);
      expect(backup).toMatchObject({ code: 0 });
      file = path.join(root, "pg.tar.gz");
      // The shop kept its connection and its data.
      expect(await handle.db.select().from(products)).toHaveLength(1);
    } finally {
      await handle.close();
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const entries = await archiveEntries(file);
    expect(entries).toContain("database/postgres.dump");
    expect(entries).toContain(`media/${variantKey(PHOTO, 640)}`);

    const fresh = { dataDir: path.join(root, "restored"), databaseUrl: await emptyDatabase() };
    expect(await npm("restore", [file], fresh)).toMatchObject({ code: 0 });
    await expectShopRestored(fresh);

    const refused = await npm("restore", [file], fresh);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      "Nothing was restored: the database in DATABASE_URL and " +
        `${path.join(fresh.dataDir, "media")} already hold data.`,
    );
    // A table newer than the backup (a later migration) must not survive a forced restore, or
    // the next start's migrations would fail on it.
    const target = new pg.Client({ connectionString: fresh.databaseUrl });
    await target.connect();
    try {
      await target.query("create table newer_than_the_backup (id int)");
      expect(await npm("restore", [file, "--force"], fresh)).toMatchObject({ code: 0 });
      const { rows } = await target.query("select to_regclass('newer_than_the_backup') as t");
      expect(rows[0].t).toBeNull();
    } finally {
      await target.end();
    }
    await expectShopRestored(fresh);
  });

  test("a PostgreSQL backup is not restored into the embedded database by mistake", async () => {
    const file = path.join(root, "pg.tar.gz");
    const result = await npm("restore", [file], { dataDir: path.join(root, "pglite") });
    expect(result.code).toBe(1);
    expect(result.out).toContain("This backup is of a PostgreSQL database: set DATABASE_URL");
  });
});
