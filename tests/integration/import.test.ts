import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orderEvents, orders, productStock, products, stockMovements } from "~/db/schema";
import { importExport, importProducts } from "~/flows/import-shop.server";
import { failAbandonedOrders } from "~/flows/reconcile-payments.server";
import {
  type Collection,
  orderIdFor,
  readExportDocuments,
} from "~/modules/import/firestore-export";
import { DiskStorage } from "~/modules/media/storage.server";
import { IMAGE_WIDTHS, imageHeight, variantKey } from "~/utils/image-urls";
import { databases } from "../setup/databases";
import { tempDir } from "../setup/temp-dir";

// The fixture export's image addresses name a made-up host; each run points them at a local server
// that answers with real PNG and JPEG bytes, a text file, 404s, and one request that never ends.
const FIXTURES = path.resolve("tests/fixtures/firestore-export");
const FIXTURE_HOST = "http://images.fixture.test";

let origin = "";
let requests = 0;
const server = http.createServer();

beforeAll(async () => {
  const photo = (background: string) =>
    sharp({ create: { width: 480, height: 600, channels: 3, background } });
  const files: Record<string, [string, Buffer]> = {
    "/v0/b/shop/o/products%2Fdresses%2F1699999999999_kitenge-wrap.png": [
      "image/png",
      await photo("#c2410c").png().toBuffer(),
    ],
    "/photos/kitenge-back.jpg": ["image/jpeg", await photo("#1d4ed8").jpeg().toBuffer()],
    "/photos/shuka.jpg": ["image/jpeg", await photo("#b91c1c").jpeg().toBuffer()],
    "/files/price-list.txt": ["text/plain", Buffer.from("Price list: dresses from KSh 2,500\n")],
  };
  server.on("request", (req, res) => {
    requests += 1;
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (pathname === "/slow.jpg") return; // never answers
    const file = files[pathname];
    if (!file) return void res.writeHead(404).end("not found");
    res.writeHead(200, { "content-type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A fixture file's text with its image addresses pointing at the local server. */
const fixtureText = (name: string) =>
  fs.readFileSync(path.join(FIXTURES, name), "utf8").replaceAll(FIXTURE_HOST, origin);
const fixture = (collection: Collection) =>
  readExportDocuments(JSON.parse(fixtureText(`${collection}.json`)), collection);

const PRODUCT_IDS = ["950", "Xk2fP9qLm3Ab7ZtR0wYc", "Qm7RtY2pLk9Vb3NxWz1a"];
const ORDER_IDS = ["Ord8cUrrEnt0001", "LgcyRider0001", "LgcyPickup0002"];
const INVALID = [
  { id: "Hat0001", reason: 'unknown category "hats"' },
  { id: "EmptyCart0003", reason: "no items" },
  { id: "NoAmount0004", reason: "no amount" },
];

describe.each(databases)("importing a document-database export, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let storage: DiskStorage;
  beforeAll(async () => {
    handle = await database.open();
    storage = new DiskStorage(path.join(tempDir("import-media"), "media"));
  });
  afterAll(() => handle?.dispose());

  test("the first run imports every valid document and reports each failure", async () => {
    const report = await importExport(handle.db, storage, {
      products: fixture("products"),
      orders: fixture("orders"),
    });

    expect(report.products!.imported).toEqual([
      { id: "950", name: "Kitenge Wrap Dress", images: 2 },
      { id: "Xk2fP9qLm3Ab7ZtR0wYc", name: "Maasai Shuka Throw", images: 1 },
      { id: "Qm7RtY2pLk9Vb3NxWz1a", name: "Beaded Maasai Necklace", images: 0 },
    ]);
    expect(report.products!.skipped).toEqual([INVALID[0]]);
    expect(report.products!.notes).toEqual([]);
    expect(report.products!.images).toEqual({
      stored: 3,
      failed: [
        {
          productId: "Xk2fP9qLm3Ab7ZtR0wYc",
          address: `${origin}/photos/missing.jpg`,
          reason: "unreachable: the server answered 404",
        },
        {
          productId: "Xk2fP9qLm3Ab7ZtR0wYc",
          address: "gs://shop-bucket/products/masaai-shukas/shuka-folded.jpg",
          reason: "unreachable: gs:// addresses cannot be downloaded",
        },
        {
          productId: "Qm7RtY2pLk9Vb3NxWz1a",
          address: `${origin}/files/price-list.txt`,
          reason: "rejected: That file is not a PNG, JPEG or WebP image.",
        },
      ],
    });
    expect(report.orders).toEqual({
      imported: ORDER_IDS.map((legacyId) => ({ id: orderIdFor(legacyId), legacyId })),
      skipped: INVALID.slice(1),
      notes: [],
    });
  });

  test("products keep their ids, fields and timestamps; images are stored as WebP variants", async () => {
    const rows = await handle.db.select().from(products).orderBy(asc(products.createdAt));
    expect(rows.map((r) => r.id).sort()).toEqual([...PRODUCT_IDS].sort());
    // The export says nothing of stock: imported products stay untracked, as they sold before.
    expect(await handle.db.select().from(productStock)).toEqual([]);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));

    expect(byId["950"]).toMatchObject({
      name: "Kitenge Wrap Dress",
      details: "100% cotton wax print. Hand wash cold.",
      category: "dresses",
      price: 3200,
      originalPrice: 3800,
      sizes: ["S", "M", "L"],
      isFeatured: true,
      inStock: true,
      images: [
        "products/dresses/1700000000500_kitenge-wrap",
        "products/dresses/1700000000500_kitenge-back",
      ],
      createdAt: new Date("2023-11-14T22:13:20.500Z"),
    });
    expect(byId.Xk2fP9qLm3Ab7ZtR0wYc).toMatchObject({
      price: 1800,
      originalPrice: 2200,
      sizes: [],
      images: ["products/masaai-shukas/1707556500000_shuka"],
      createdAt: new Date("2024-02-10T09:15:00.000Z"),
    });
    // No image could be imported: the shop shows its placeholder.
    expect(byId.Qm7RtY2pLk9Vb3NxWz1a).toMatchObject({ images: [], inStock: false });

    for (const key of rows.flatMap((r) => r.images)) {
      for (const width of IMAGE_WIDTHS) {
        const file = await storage.get(variantKey(key, width));
        expect(file, `${key} at ${width}px`).not.toBeNull();
        const meta = await sharp(file!.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, imageHeight(width)]);
      }
    }
  });

  test("orders get stable UUIDs, keep their document and are normalised (legacy ones too)", async () => {
    const rows = await handle.db.select().from(orders);
    expect(rows.map((r) => r.legacyId).sort()).toEqual([...ORDER_IDS].sort());
    const byLegacyId = Object.fromEntries(rows.map((r) => [r.legacyId, r]));
    const documents = Object.fromEntries(
      (JSON.parse(fixtureText("orders.json")) as { id: string }[]).map((d) => [d.id, d]),
    );

    expect(byLegacyId.LgcyRider0001).toMatchObject({
      id: orderIdFor("LgcyRider0001"),
      status: "Pending",
      amount: 2100,
      currency: "KES",
      items: [
        { productId: "Xk2fP9qLm3Ab7ZtR0wYc", name: "Maasai Shuka Throw", quantity: 1, price: 1800 },
      ],
      customerName: "Akinyi Otieno",
      customerPhone: "254712345678",
      customerEmail: "akinyi@example.co.ke",
      address: "Ngong Road, Adams Arcade",
      city: "Nairobi",
      notes: "Call on arrival",
      deliveryMethod: "rider",
      deliveryFee: 300,
      pickupLocation: null,
      paymentMethod: "Unknown",
      confirmationCode: null,
      paymentProvider: "pesapal",
      paymentStatus: null,
      paymentReference: null,
      raw: documents.LgcyRider0001,
      createdAt: new Date("2024-01-20T14:05:00.000Z"),
    });
    expect(byLegacyId.LgcyPickup0002).toMatchObject({
      status: "Shipped",
      customerName: "Otieno Ouma",
      customerPhone: "254110222333",
      deliveryMethod: "pickup",
      deliveryFee: 0,
      pickupLocation: "Milele Mall Ngong",
      paymentMethod: "Visa",
      createdAt: new Date(1705500000 * 1000),
      raw: documents.LgcyPickup0002,
    });
    expect(byLegacyId.Ord8cUrrEnt0001).toMatchObject({
      status: "Completed",
      amount: 3350,
      items: [
        { productId: "950", name: "Kitenge Wrap Dress", quantity: 1, price: 3200, size: "M" },
      ],
      customerName: "Wanjiru Kamau",
      city: "Nakuru",
      deliveryMethod: "matatu",
      deliveryFee: 150,
      paymentMethod: "MpesaKE",
      confirmationCode: "SBX7H2K9QW",
      // The old shop's notification stays in the original document; the shop never asked.
      paymentStatus: null,
      createdAt: new Date(1706000000 * 1000),
    });

    const events = await handle.db.select().from(orderEvents);
    expect(events).toHaveLength(3);
    const riderEvent = events.find((e) => e.orderId === orderIdFor("LgcyRider0001"));
    expect(riderEvent).toMatchObject({
      kind: "created",
      details: {
        amount: 2100,
        subtotal: 1800,
        deliveryFee: 300,
        items: 1,
        importedFrom: "LgcyRider0001",
      },
      createdAt: new Date("2024-01-20T14:05:00.000Z"),
    });
  });

  test("the second run imports nothing, downloads nothing and says everything is already there", async () => {
    const before = requests;
    const report = await importExport(handle.db, storage, {
      products: fixture("products"),
      orders: fixture("orders"),
    });
    expect(requests).toBe(before);
    expect(report.products).toEqual({
      imported: [],
      skipped: [INVALID[0], ...PRODUCT_IDS.map((id) => ({ id, reason: "already imported" }))],
      notes: [],
      images: { stored: 0, failed: [] },
    });
    expect(report.orders).toEqual({
      imported: [],
      skipped: [
        ...INVALID.slice(1),
        ...ORDER_IDS.map((id) => ({ id, reason: "already imported" })),
      ],
      notes: [],
    });
    const [counts] = (
      await handle.db.execute<{ products: number; orders: number; events: number }>(sql`
        select (select count(*) from products)::int as products,
               (select count(*) from orders)::int as orders,
               (select count(*) from order_events)::int as events`)
    ).rows;
    expect(counts).toEqual({ products: 3, orders: 3, events: 3 });
  });

  test("imported Pending orders are left alone by the clean-up of abandoned checkouts", async () => {
    const pending = async () =>
      (await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "Pending")))
        .length;
    const before = await pending();
    expect(before).toBeGreaterThan(0);
    expect(await failAbandonedOrders(handle.db)).toBe(0);
    expect(await pending()).toBe(before);
  });

  test("a product created in the shop afterwards takes the id after the largest imported one", async () => {
    const [created] = await handle.db
      .insert(products)
      .values({ name: "New Kimono", description: "d", category: "kimonos", price: 2500 })
      .returning({ id: products.id });
    expect(created!.id).toBe("951");
    await handle.db.delete(products).where(eq(products.id, "951"));
  });

  test("an id taken by a different product, and an image that never arrives, are reported", async () => {
    const report = await importProducts(
      handle.db,
      storage,
      readExportDocuments(
        [
          { id: "950", name: "Another Dress", category: "dresses", price: 1000 },
          {
            id: "SlowImage01",
            name: "Kimono Jacket",
            category: "kimonos",
            price: 2800,
            images: [`${origin}/slow.jpg`],
          },
        ],
        "products",
      ),
      { imageTimeoutMs: 300 },
    );
    expect(report.skipped).toEqual([
      { id: "950", reason: 'id already used by another product, "Kitenge Wrap Dress"' },
    ]);
    expect(report.imported).toEqual([{ id: "SlowImage01", name: "Kimono Jacket", images: 0 }]);
    expect(report.images.failed).toEqual([
      {
        productId: "SlowImage01",
        address: `${origin}/slow.jpg`,
        reason: "unreachable: no answer within 0.3 s",
      },
    ]);
    await handle.db.delete(products).where(eq(products.id, "SlowImage01"));
  });
  test("stock the export gives is tracked through the ledger; a product without it is not", async () => {
    const report = await importProducts(
      handle.db,
      storage,
      readExportDocuments(
        [
          {
            id: "StockDress01",
            name: "Counted Dress",
            category: "dresses",
            price: 2400,
            sizes: ["S", "M"],
            stock: { S: 3, M: "0", XL: 2 },
          },
          { id: "StockBag01", name: "Counted Bag", category: "accessories", price: 900, stock: 5 },
          { id: "FreeBag01", name: "Uncounted Bag", category: "accessories", price: 900 },
        ],
        "products",
      ),
    );
    expect(report.imported.map((p) => p.id)).toEqual(["StockDress01", "StockBag01", "FreeBag01"]);
    expect(report.notes).toEqual([
      {
        id: "StockDress01",
        reason: 'stock of size "XL", which the product does not offer, is left out',
      },
    ]);
    const ids = ["StockDress01", "StockBag01", "FreeBag01"];
    const shelf = await handle.db
      .select({ id: productStock.productId, size: productStock.size, n: productStock.quantity })
      .from(productStock)
      .where(inArray(productStock.productId, ids))
      .orderBy(asc(productStock.productId), asc(productStock.size));
    expect(shelf).toEqual([
      { id: "StockBag01", size: "", n: 5 },
      { id: "StockDress01", size: "M", n: 0 },
      { id: "StockDress01", size: "S", n: 3 },
    ]);
    const ledger = await handle.db
      .select({
        id: stockMovements.productId,
        size: stockMovements.size,
        kind: stockMovements.kind,
        change: stockMovements.change,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(inArray(stockMovements.productId, ids))
      .orderBy(asc(stockMovements.productId), asc(stockMovements.size));
    expect(ledger).toEqual([
      { id: "StockBag01", size: "", kind: "adjusted", change: 5, reason: "imported" },
      { id: "StockDress01", size: "M", kind: "adjusted", change: 0, reason: "imported" },
      { id: "StockDress01", size: "S", kind: "adjusted", change: 3, reason: "imported" },
    ]);
    await handle.db.delete(products).where(inArray(products.id, ids));
  });
});

describe("npm run import", () => {
  const run = promisify(execFile);
  // tsx on the Node running the tests (the one the npm scripts use), whatever else is on PATH.
  const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");

  const cli = async (args: string[], dataDir: string) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    delete env.S3_BUCKET;
    try {
      const { stdout, stderr } = await run(process.execPath, [tsx, "scripts/import.ts", ...args], {
        env,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  test("imports the fixture export into a new data folder, then finds it all already there", async () => {
    const dir = tempDir("import-cli");
    const productsFile = path.join(dir, "products.json");
    const ordersFile = path.join(dir, "orders.json");
    fs.writeFileSync(productsFile, fixtureText("products.json"));
    fs.writeFileSync(ordersFile, fixtureText("orders.json"));
    const dataDir = path.join(dir, "data");
    try {
      const first = await cli(["--products", productsFile, "--orders", ordersFile], dataDir);
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      const lines = first.stdout.split("\n");
      expect(lines).toContain("Products: 3 imported, 1 skipped.");
      expect(lines).toContain('  skipped Hat0001: unknown category "hats"');
      expect(lines).toContain("Images: 3 stored, 3 could not be imported.");
      expect(lines).toContain(
        `  product Xk2fP9qLm3Ab7ZtR0wYc, ${origin}/photos/missing.jpg: unreachable: the server answered 404`,
      );
      expect(lines).toContain("Orders: 3 imported, 2 skipped.");
      expect(lines).toContain(`  imported LgcyRider0001 as order ${orderIdFor("LgcyRider0001")}`);
      expect(fs.existsSync(path.join(dataDir, "media/products/dresses"))).toBe(true);

      const second = await cli(["--orders", ordersFile, "--products", productsFile], dataDir);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain("Products: 0 imported, 4 skipped.");
      expect(second.stdout).toContain("  skipped 950: already imported");
      expect(second.stdout).toContain("Images: 0 stored, 0 could not be imported.");
      expect(second.stdout).toContain("Orders: 0 imported, 5 skipped.");
      expect(second.stdout).toContain("  skipped LgcyRider0001: already imported");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("refuses bad arguments and unreadable files clearly, without opening the database", async () => {
    const dir = tempDir("import-cli-bad");
    const dataDir = path.join(dir, "data");
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, "{ not json");
    const wrongShape = path.join(dir, "wrong.json");
    fs.writeFileSync(wrongShape, '"products"');
    try {
      const [none, missing, invalid, shape, unknown] = await Promise.all([
        cli([], dataDir),
        cli(["--products", path.join(dir, "nope.json")], dataDir),
        cli(["--orders", broken], dataDir),
        cli(["--products", wrongShape], dataDir),
        cli(["--customers", broken], dataDir),
      ]);
      expect([none.code, none.stderr.trim()]).toEqual([
        1,
        "Usage: npm run import -- [--products FILE] [--orders FILE] (at least one)",
      ]);
      expect([missing.code, missing.stderr.trim()]).toEqual([
        1,
        `Could not read ${path.join(dir, "nope.json")} (ENOENT).`,
      ]);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toMatch(/broken\.json is not valid JSON/);
      expect(shape.code).toBe(1);
      expect(shape.stderr).toMatch(/must be a JSON array of documents/);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/Unknown option '--customers'/);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
