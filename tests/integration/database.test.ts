import { asc, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema";
import { seedOnFirstRun, seedSampleCatalogue } from "~/flows/seed-sample-catalogue.server";
import { adminProducts } from "~/modules/catalog/admin-products.server";
import { sampleCatalogue } from "~/modules/catalog/sample-catalogue";
import { DiskStorage } from "~/modules/media/storage.server";
import { IMAGE_WIDTHS, imageHeight, variantKey } from "~/utils/image-urls";
import { databases } from "../setup/databases";
import { SAMPLE_MEDIA_DIR } from "../setup/sample-media";

// The suite's sample images (drawn once per clone, then reused): sample images are keyed by
// product, so the second database's seed, the browser suite's servers and the production smoke
// test reuse what the first seed here drew.
const storage = new DiskStorage(SAMPLE_MEDIA_DIR);

describe.each(databases)("on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  beforeAll(async () => {
    handle = await database.open();
  });
  afterAll(() => handle?.dispose());

  test("migrations create every table on an empty database", async () => {
    const { rows } = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "account",
      "app_meta",
      "audit_events",
      "cart_lines",
      "carts",
      "discount_codes",
      "discount_uses",
      "health_probe",
      "messages",
      "order_events",
      "orders",
      "payment_attempts",
      "product_stock",
      "products",
      "rate_limit",
      "refunds",
      "search_words",
      "session",
      "stock_alert_numbers",
      "stock_alerts",
      "stock_movements",
      "throttle_counters",
      "two_factor",
      "user",
      "verification",
    ]);
  });

  test("the first run seeds exactly the 181 sample products, with every image decodable and light", async () => {
    expect(await seedOnFirstRun(handle.db, storage, true)).toBe(181);
    const rows = await handle.db
      .select()
      .from(products)
      .orderBy(asc(sql`${products.id}::int`));
    expect(rows).toHaveLength(181);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 181 }, (_, i) => String(101 + i)));
    const cardSizes: number[] = [];
    for (const row of rows) {
      expect(row.price).toBeGreaterThanOrEqual(600);
      expect(row.price).toBeLessThanOrEqual(6500);
      expect(row.images.length).toBeGreaterThanOrEqual(1);
      expect(row.images.length).toBeLessThanOrEqual(3);
      for (const key of row.images) {
        for (const width of IMAGE_WIDTHS) {
          const file = await storage.get(variantKey(key, width));
          expect(file, `${key} at ${width}px`).not.toBeNull();
          const meta = await sharp(file!.body).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual([
            "webp",
            width,
            imageHeight(width),
          ]);
          if (width === 640) cardSizes.push(file!.body.byteLength);
        }
      }
    }
    // A page shows about twenty cards at 640 px: its first view stays within budget only if
    // the sample photos stay light (about 15 KB each; they were twice that before).
    const average = cardSizes.reduce((a, b) => a + b, 0) / cardSizes.length;
    expect(average / 1024).toBeLessThan(16);
  });

  test("the samples come with their stock, each size's quantity the sum of its ledger", async () => {
    const expected = sampleCatalogue().flatMap((p) =>
      Object.entries(p.stock ?? {}).map(([size, quantity]) => ({
        productId: p.id,
        size,
        quantity,
      })),
    );
    const { rows } = await handle.db.execute<{
      product_id: string;
      size: string;
      quantity: number;
      ledger: number;
    }>(sql`
      select s.product_id, s.size, s.quantity,
             (select coalesce(sum(m.change), 0)::int from stock_movements m
               where m.product_id = s.product_id and m.size = s.size) as ledger
        from product_stock s order by s.product_id, s.size`);
    const key = (r: { productId: string; size: string }) => `${r.productId}:${r.size}`;
    expect(rows.map((r) => `${r.product_id}:${r.size}=${r.quantity}`).sort()).toEqual(
      expected.map((e) => `${key(e)}=${e.quantity}`).sort(),
    );
    expect(rows.every((r) => Number(r.ledger) === r.quantity)).toBe(true);
    // Made-to-order samples are not tracked.
    const untracked = sampleCatalogue()
      .filter((p) => p.stock === null)
      .map((p) => p.id);
    expect(rows.some((r) => untracked.includes(r.product_id))).toBe(false);
  });

  test("a second start seeds nothing, even after the owner removed every product", async () => {
    expect(await seedOnFirstRun(handle.db, storage, true)).toBe(0);
    await handle.db.delete(products).where(sql`true`);
    expect(await seedOnFirstRun(handle.db, storage, true)).toBe(0);
    // db:seed puts the samples back into the now empty shop.
    expect(await seedSampleCatalogue(handle.db, storage)).toBe(181);
  });

  test("new products continue the numbering after the samples", async () => {
    const [created] = await handle.db
      .insert(products)
      .values({ name: "Test Wrap", description: "d", category: "dresses", price: 1000 })
      .returning();
    expect(Number(created!.id)).toBeGreaterThanOrEqual(282);
    await handle.db.delete(products).where(eq(products.id, created!.id));
  });

  test("the back-office search matches name or description in any case, hidden products too, wildcards literally", async () => {
    const made = await handle.db
      .insert(products)
      .values([
        {
          name: "Nyotaz 50%_Off Kaftan",
          description: "Hidden for now",
          category: "dresses",
          price: 1000,
          inStock: false,
        },
        { name: "Nyotaz 505 Kaftan", description: "plain", category: "dresses", price: 1000 },
        {
          name: "Plain Wrap",
          description: "Woven by NYOTAZWEAVERS",
          category: "shukas",
          price: 900,
        },
      ])
      .returning({ id: products.id });
    const names = async (q: string, category = "all") =>
      (await adminProducts(handle.db, { q, category, page: 1 })).rows.map((r) => r.name).sort();
    try {
      expect(await names("nyotaz 50%")).toEqual(["Nyotaz 50%_Off Kaftan"]);
      expect(await names("50_")).toEqual([]);
      expect(await names("  nyotazweavers ")).toEqual(["Plain Wrap"]);
      expect(await names("NYOTAZ", "dresses")).toEqual([
        "Nyotaz 50%_Off Kaftan",
        "Nyotaz 505 Kaftan",
      ]);
      expect(
        (await adminProducts(handle.db, { q: "nyotaz", category: "all", page: 1 })).total,
      ).toBe(3);
    } finally {
      await handle.db.delete(products).where(
        inArray(
          products.id,
          made.map((m) => m.id),
        ),
      );
    }
  });
});
