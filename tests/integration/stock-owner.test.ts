import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { productStock, products, stockMovements, user } from "~/db/schema";
import { createProduct, updateProduct } from "~/flows/save-product.server";
import { createAdmin } from "~/modules/auth/admins.server";
import {
  adminProduct,
  adminProducts,
  lowStockCount,
} from "~/modules/catalog/admin-products.server";
import { validateProductForm } from "~/modules/catalog/product-form";
import { ProductEditError } from "~/modules/catalog/product-uploads.server";
import { productLedger } from "~/modules/inventory/stock.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { action as productEndpoint } from "~/routes/admin/product-endpoint";
import type { Services } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { holdPieces } from "../setup/orders";
import { routeArgs, testServices } from "../setup/services";
import { tempDir } from "../setup/temp-dir";

const ORIGIN = "http://localhost:3000";
const env = parseSettings({ PUBLIC_URL: ORIGIN });
const OWNER = { email: "stock-owner@example.co.ke", password: "kitenge-stock-owner" };
const CLERK = "stock-clerk";

/** The product form as the owner fills it in, checked by the rules the endpoint uses. */
function formOf(values: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  }
  return form;
}
function fieldsOf(values: Record<string, string | string[]>) {
  const result = validateProductForm(formOf(values));
  if (!result.ok) throw new Error(`invalid test form: ${JSON.stringify(result.errors)}`);
  return result.data;
}

describe.each(databases)("the owner manages stock, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  let storage: DiskStorage;
  let photo: Buffer;
  let made = 0;

  const dress = (values: Record<string, string | string[]> = {}) => ({
    name: `Stock Dress ${made}`,
    originalPrice: "0",
    price: "2800",
    category: "dresses",
    description: "A dress whose pieces the owner counts.",
    inStock: "on",
    ...values,
  });
  const create = async (values: Record<string, string | string[]>) => {
    made += 1;
    return createProduct(
      handle.db,
      storage,
      fieldsOf(dress(values)),
      [{ name: "dress.png", bytes: photo }],
      CLERK,
    );
  };
  const save = async (id: string, values: Record<string, string | string[]>) => {
    const [row] = await handle.db.select().from(products).where(eq(products.id, id));
    return updateProduct(
      handle.db,
      storage,
      id,
      fieldsOf(dress({ name: row!.name, ...values })),
      row!.images,
      [],
      CLERK,
    );
  };
  const shelf = async (id: string) =>
    Object.fromEntries(
      (
        await handle.db
          .select({ size: productStock.size, quantity: productStock.quantity })
          .from(productStock)
          .where(eq(productStock.productId, id))
      ).map((r) => [r.size, r.quantity]),
    );
  const ledger = async (id: string, size?: string) =>
    (
      await handle.db
        .select()
        .from(stockMovements)
        .where(
          and(
            eq(stockMovements.productId, id),
            size === undefined ? undefined : eq(stockMovements.size, size),
          ),
        )
        .orderBy(asc(stockMovements.id))
    ).map((m) => ({
      size: m.size,
      kind: m.kind,
      change: m.change,
      after: m.quantityAfter,
      admin: m.adminId,
      reason: m.reason,
    }));
  /** A checkout's hold of `quantity` pieces of a size, as a shopper's order takes them. */
  const hold = (productId: string, size: string, quantity: number) =>
    holdPieces(handle.db, { productId, size, quantity, price: 2800, name: "Stock Dress" });

  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle, {}, env);
    await createAdmin(services.auth, OWNER);
    await handle.db.insert(user).values({ id: CLERK, name: "Clerk", email: "clerk@example.test" });
    storage = new DiskStorage(tempDir("stock-media"));
    photo = await sharp({
      create: { width: 400, height: 500, channels: 3, background: "#b45309" },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  test("a new product's pieces go in through the ledger as 'adjusted' rows by the admin; empty is not counted", async () => {
    const id = await create({
      sizes: ["S", "M", "L"],
      "stock:S": "3",
      "stock:M": "0",
      "stock:L": "",
    });
    expect(await shelf(id)).toEqual({ S: 3, M: 0 });
    expect(await ledger(id)).toEqual([
      { size: "S", kind: "adjusted", change: 3, after: 3, admin: CLERK, reason: "new product" },
      { size: "M", kind: "adjusted", change: 0, after: 0, admin: CLERK, reason: "new product" },
    ]);
    // A product without sizes has one count.
    const bag = await create({ stock: "5" });
    expect(await shelf(bag)).toEqual({ "": 5 });
    // Nothing given: not tracked at all, as products were before stock existed.
    const untracked = await create({ sizes: ["M"] });
    expect(await shelf(untracked)).toEqual({});
    expect(await ledger(untracked)).toEqual([]);
  });

  test("an edit changes only the sizes the owner changed, and adds a size the product did not have", async () => {
    const id = await create({ sizes: ["S", "M"], "stock:S": "3", "stock:M": "1" });
    // A shopper's checkout holds the one M while the owner edits.
    await hold(id, "M", 1);
    await save(id, {
      sizes: ["S", "M", "XL"],
      "stock:S": "6",
      "stockWas:S": "3",
      // M as the form showed it: the save leaves it alone, the hold stays.
      "stock:M": "1",
      "stockWas:M": "1",
      "stock:XL": "2",
      "stockWas:XL": "",
    });
    expect(await shelf(id)).toEqual({ S: 6, M: 0, XL: 2 });
    expect((await ledger(id)).slice(2)).toEqual([
      { size: "M", kind: "held", change: -1, after: 0, admin: null, reason: "checkout" },
      {
        size: "S",
        kind: "adjusted",
        change: 3,
        after: 6,
        admin: CLERK,
        reason: "set in the product editor",
      },
      {
        size: "XL",
        kind: "adjusted",
        change: 2,
        after: 2,
        admin: CLERK,
        reason: "set in the product editor",
      },
    ]);
    const [row] = await handle.db.select().from(products).where(eq(products.id, id));
    expect(row!.sizes).toEqual(["S", "M", "XL"]);
  });

  test("a sale while the form was open refuses the save with a sentence, and nothing changes", async () => {
    const id = await create({ sizes: ["S"], "stock:S": "3" });
    await hold(id, "S", 1);
    const error = await save(id, {
      name: "Renamed In Vain",
      sizes: ["S"],
      "stock:S": "5",
      "stockWas:S": "3",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProductEditError);
    expect((error as Error).message).toBe(
      "The stock of size S changed while you were editing (now 2). Please check it and save again.",
    );
    expect(await shelf(id)).toEqual({ S: 2 });
    const [row] = await handle.db.select().from(products).where(eq(products.id, id));
    expect(row!.name).not.toBe("Renamed In Vain");
  });

  test("emptying a size stops counting it; counted again later, its ledger still adds up", async () => {
    const id = await create({ sizes: ["M"], "stock:M": "4" });
    await save(id, { sizes: ["M"], "stock:M": "", "stockWas:M": "4" });
    expect(await shelf(id)).toEqual({});
    await save(id, { sizes: ["M"], "stock:M": "2", "stockWas:M": "" });
    expect(await shelf(id)).toEqual({ M: 2 });
    const rows = await ledger(id, "M");
    expect(rows.map((r) => [r.change, r.reason])).toEqual([
      [4, "new product"],
      [-4, "no longer tracked"],
      [2, "set in the product editor"],
    ]);
    expect(rows.reduce((sum, r) => sum + r.change, 0)).toBe(2);
  });

  test("a size taken off the product keeps its count, unused, and is back with it", async () => {
    const id = await create({ sizes: ["S", "M"], "stock:S": "1", "stock:M": "7" });
    await save(id, { sizes: ["M"], "stock:M": "7", "stockWas:M": "7" });
    expect(await shelf(id)).toEqual({ S: 1, M: 7 });
    // Not offered, so not low: S's single piece no longer counts.
    const low = await adminProducts(handle.db, {
      q: `Stock Dress ${made}`,
      category: "all",
      page: 1,
      lowStockOnly: true,
    });
    expect(low.rows.map((r) => r.id)).not.toContain(id);
    expect((await adminProduct(handle.db, id))!.stock).toEqual({ S: 1, M: 7 });
  });

  test("the products list shows stock per size; 'Low stock' and the dashboard count sizes at the product's own line or fewer (2 unless set)", async () => {
    const before = await lowStockCount(handle.db);
    const low = await create({ sizes: ["S", "M"], "stock:S": "2", "stock:M": "9" });
    const soldOut = await create({ stock: "0" });
    const plenty = await create({ sizes: ["S", "M"], "stock:S": "3", "stock:M": "9" });
    const untracked = await create({ sizes: ["S"] });
    // The owner of a fast seller wants to hear at 10; of a one-off, only when it is gone.
    const fast = await create({ sizes: ["M"], "stock:M": "8", lowStockAt: "10" });
    const oneOff = await create({ stock: "1", lowStockAt: "0" });
    expect(await lowStockCount(handle.db)).toBe(before + 3);
    await save(oneOff, { stock: "0", stockWas: "1", lowStockAt: "0" });
    expect(await lowStockCount(handle.db)).toBe(before + 4);
    expect(
      (await adminProducts(handle.db, { q: "Stock Dress", category: "all", page: 1 })).rows.find(
        (r) => r.id === fast,
      )?.lowStockAt,
    ).toBe(10);

    const list = await adminProducts(handle.db, {
      q: "Stock Dress",
      category: "all",
      page: 1,
      lowStockOnly: true,
    });
    const ids = list.rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([low, soldOut]));
    expect(ids).not.toContain(plenty);
    expect(ids).not.toContain(untracked);
    const all = await adminProducts(handle.db, { q: "Stock Dress", category: "all", page: 1 });
    const row = (id: string) => all.rows.find((r) => r.id === id)?.stock;
    expect(row(low)).toEqual([
      { size: "S", left: 2 },
      { size: "M", left: 9 },
    ]);
    expect(row(soldOut)).toEqual([{ size: "", left: 0 }]);
    expect(row(untracked)).toEqual([{ size: "S", left: null }]);
  });

  test("a product's history is its ledger, newest first, with the order or the admin behind each row", async () => {
    const id = await create({ sizes: ["L"], "stock:L": "2" });
    const orderId = await hold(id, "L", 2);
    const history = await productLedger(handle.db, id);
    expect(
      history.map((h) => [h.kind, h.change, h.quantityAfter, h.orderId, h.adminEmail]),
    ).toEqual([
      ["held", -2, 0, orderId, null],
      ["adjusted", 2, 2, null, "clerk@example.test"],
    ]);
  });

  test("through the endpoint, the ledger names the signed-in admin; a bad count is refused with a sentence", async () => {
    const cookie = await adminSessionCookie(services, OWNER, "10.8.1.1", ORIGIN);
    const post = (body: FormData) =>
      productEndpoint(
        routeArgs(
          services,
          new Request(`${ORIGIN}/admin/products`, {
            method: "POST",
            headers: { Cookie: cookie, Origin: ORIGIN, Accept: "application/json" },
            body,
          }),
        ),
      );
    const form = (pieces: string) => {
      made += 1;
      const f = formOf(dress({ sizes: ["M"], "stock:M": pieces }));
      f.append("images", new File([new Uint8Array(photo)], "posted.png", { type: "image/png" }));
      return f;
    };
    const refused = await post(form("-2"));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      fields: {
        "stock:M":
          "Please enter a whole number of pieces from 0 to 100000, or leave it empty to sell without counting.",
      },
    });
    const created = await post(form("4"));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [owner] = await handle.db.select().from(user).where(eq(user.email, OWNER.email));
    expect(await ledger(id)).toEqual([
      { size: "M", kind: "adjusted", change: 4, after: 4, admin: owner!.id, reason: "new product" },
    ]);
  });
});
