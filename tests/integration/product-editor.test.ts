import fs from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema";
import { createProduct, deleteProduct, updateProduct } from "~/flows/save-product.server";
import { createAdmin } from "~/modules/auth/admins.server";
import { shopListing } from "~/modules/catalog/listing.server";
import { type ProductFields, validateProductForm } from "~/modules/catalog/product-form";
import {
  ProductEditError,
  type Upload,
  uploadsFrom,
} from "~/modules/catalog/product-uploads.server";
import { productImageKey } from "~/modules/media/image-keys";
import { imageVariantsExist } from "~/modules/media/images.server";
import { DiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { action as productEndpoint } from "~/routes/admin/product-endpoint";
import type { Services } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { IMAGE_WIDTHS, imageHeight, variantKey } from "~/utils/image-urls";
import { adminSessionCookie } from "../setup/admin-session";
import { databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";
import { storages } from "../setup/storages";

const ORIGIN = "http://localhost:3000";
const env = parseSettings({ PUBLIC_URL: ORIGIN });
const OWNER = { email: "editor@example.co.ke", password: "kitenge-editor-secret" };

type Format = "png" | "jpeg" | "webp";

/** A real image file of the given format, a different colour each time. */
let hue = 0;
async function photo(format: Format, width = 400, height = 500) {
  hue = (hue + 47) % 256;
  return sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 255 - hue, b: 90 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** 7000 x 6000, 42 megapixels in one colour: a small file, made once. */
let hugePhoto: Promise<Buffer> | undefined;

const upload = async (name: string, format: Format = "png"): Promise<Upload> => ({
  name,
  bytes: await photo(format),
});

const textFile = (name: string): Upload => ({
  name,
  bytes: Buffer.from("This is a shopping list, not a photo.\nMilk, bread, kitenge.\n"),
});

/** The form the admin fills in, read by the same validation the endpoint uses. */
function formOf(values: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  }
  return form;
}

function fieldsOf(values: Record<string, string | string[]>): ProductFields {
  const result = validateProductForm(formOf(values));
  if (!result.ok) throw new Error(`invalid test form: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** Every key a storage was asked to write or delete. */
function recording(inner: MediaStorage) {
  const puts: string[] = [];
  const deletes: string[] = [];
  const storage: MediaStorage = {
    put: (key, body, type) => {
      puts.push(key);
      return inner.put(key, body, type);
    },
    get: (key) => inner.get(key),
    exists: (key) => inner.exists(key),
    delete: (key) => {
      deletes.push(key);
      return inner.delete(key);
    },
  };
  return { storage, puts, deletes };
}

/** Every file under a folder, as keys relative to it. */
function walk(root: string, dir = root): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(root, full) : [path.relative(root, full)];
  });
}

const variantsOf = (key: string) => IMAGE_WIDTHS.map((w) => variantKey(key, w));

async function existing(storage: MediaStorage, keys: string[]) {
  const found = await Promise.all(keys.map((k) => storage.exists(k)));
  return keys.filter((_, i) => found[i]);
}

/** Thrown by a call, for assertions on its class and message. */
async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

describe.each(databases)("the product editor, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;

  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle, {}, env);
    await createAdmin(services.auth, OWNER);
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  describe.each(storages)("with $name storage", (backend) => {
    let raw: MediaStorage;
    let dispose: () => Promise<void>;
    let rec: ReturnType<typeof recording>;
    /** The shop's services with this suite's storage. */
    let shop: Services;
    /** The products this suite made: the database is shared with the other storage's suite. */
    const mine = new Set<string>();

    const fields = (overrides: Record<string, string | string[]> = {}) =>
      fieldsOf({
        name: `Ankara Wrap Dress ${backend.name} ${database.name}`,
        originalPrice: "5200",
        price: "4500",
        category: "dresses",
        description: "A wrap dress in wax print, lined.",
        details: "100% cotton. Hand wash cold.",
        sizes: ["M", "S"],
        inStock: "on",
        isFeatured: "on",
        ...overrides,
      });

    const rowOf = async (id: string) =>
      (await handle.db.select().from(products).where(eq(products.id, id)))[0];

    async function create(names: [string, Format][], overrides = {}) {
      const uploads = await Promise.all(names.map(([n, f]) => upload(n, f)));
      const id = await createProduct(handle.db, rec.storage, fields(overrides), uploads, null);
      mine.add(id);
      return { id, images: (await rowOf(id))!.images };
    }

    /**
     * The storage holds exactly the WebP widths of this suite's products' images: nothing left
     * behind by a refused or undone change, nothing missing. On disk the whole folder is walked;
     * a bucket is checked for every key ever written.
     */
    async function expectStorageMatchesRows() {
      const rows = mine.size
        ? await handle.db
            .select({ images: products.images })
            .from(products)
            .where(inArray(products.id, [...mine]))
        : [];
      const expected = rows.flatMap((r) => r.images.flatMap(variantsOf)).sort();
      if (raw instanceof DiskStorage) {
        expect(walk(Reflect.get(raw, "root") as string).sort()).toEqual(expected);
      } else {
        expect((await existing(raw, [...new Set(rec.puts)])).sort()).toEqual(expected);
        expect(await existing(raw, expected)).toEqual(expected);
      }
    }

    beforeAll(async () => {
      ({ storage: raw, dispose } = await backend.open());
      rec = recording(raw);
      shop = { ...services, media: rec.storage };
    });
    afterAll(() => dispose?.());
    afterEach(() => {
      vi.restoreAllMocks();
    });

    test("create with 4 uploads keeps the first 3, stores every width as WebP, and lists the product", async () => {
      const before = rec.puts.length;
      const uploads = [
        await upload("front.png", "png"),
        await upload("back.jpg", "jpeg"),
        await upload("Side View.webp", "webp"),
        await upload("extra.png", "png"),
      ];
      const id = await createProduct(handle.db, rec.storage, fields(), uploads, null);
      mine.add(id);
      const row = await rowOf(id);
      expect(row).toMatchObject({
        name: `Ankara Wrap Dress ${backend.name} ${database.name}`,
        originalPrice: 5200,
        price: 4500,
        category: "dresses",
        description: "A wrap dress in wax print, lined.",
        details: "100% cotton. Hand wash cold.",
        sizes: ["S", "M"],
        inStock: true,
        isFeatured: true,
      });
      expect(typeof row!.price).toBe("number");
      expect(typeof row!.originalPrice).toBe("number");
      expect(row!.images).toHaveLength(3);
      expect(row!.images[0]).toMatch(/^products\/dresses\/\d+_front$/);
      expect(row!.images[1]).toMatch(/^products\/dresses\/\d+_back$/);
      expect(row!.images[2]).toMatch(/^products\/dresses\/\d+_side-view$/);
      expect(new Set(row!.images).size).toBe(3);
      // The 4th upload was never processed.
      expect(rec.puts.slice(before).some((k) => k.includes("extra"))).toBe(false);
      expect(rec.puts.length - before).toBe(3 * IMAGE_WIDTHS.length);

      for (const key of row!.images) {
        expect(await imageVariantsExist(rec.storage, key)).toBe(true);
        for (const width of IMAGE_WIDTHS) {
          const stored = await raw.get(variantKey(key, width));
          expect(stored, variantKey(key, width)).not.toBeNull();
          const meta = await sharp(stored!.body).metadata();
          expect(meta).toMatchObject({ format: "webp", width, height: imageHeight(width) });
        }
      }

      const listing = await shopListing(handle, {
        q: `Ankara Wrap Dress ${backend.name} ${database.name}`,
        category: "dresses",
        sort: "name",
        page: 1,
      });
      expect(listing.products.map((p) => p.id)).toContain(id);
      expect(listing.products.find((p) => p.id === id)).toMatchObject({
        price: 4500,
        wasPrice: 5200,
        onSale: false,
        image: row!.images[0],
      });
      await expectStorageMatchesRows();
    });

    test("create with no uploads is refused", async () => {
      const count = (await handle.db.select().from(products)).length;
      const error = await thrownBy(() => createProduct(handle.db, rec.storage, fields(), [], null));
      expect(error).toBeInstanceOf(ProductEditError);
      expect((error as Error).message).toBe("Please select at least one image.");
      expect(await handle.db.select().from(products)).toHaveLength(count);
    });

    test("a text file named photo.png is refused and nothing is stored, not even the good photo beside it", async () => {
      const count = (await handle.db.select().from(products)).length;
      const puts = rec.puts.length;
      const now = 1_900_000_000_000;
      vi.spyOn(Date, "now").mockReturnValue(now);
      const error = await thrownBy(async () =>
        createProduct(
          handle.db,
          rec.storage,
          fields({ name: "Refused Dress" }),
          [await upload("front.png"), textFile("photo.png")],
          null,
        ),
      );
      vi.restoreAllMocks();
      expect(error).toBeInstanceOf(ProductEditError);
      expect((error as Error).message).toContain("photo.png");
      expect(await handle.db.select().from(products)).toHaveLength(count);
      expect(rec.puts.length).toBe(puts);
      // The keys the two files would have had.
      const wouldBe = [
        productImageKey("dresses", "front.png", now),
        productImageKey("dresses", "photo.png", now + 1),
      ].flatMap(variantsOf);
      expect(await existing(raw, wouldBe)).toEqual([]);
      await expectStorageMatchesRows();
    });

    test("an image over 40 megapixels is refused and nothing is stored", async () => {
      const started = Date.now();
      hugePhoto ??= photo("png", 7000, 6000);
      const huge: Upload = { name: "huge.png", bytes: await hugePhoto };
      expect(huge.bytes.byteLength).toBeLessThan(1024 * 1024);
      expect(Date.now() - started).toBeLessThan(10_000);
      const count = (await handle.db.select().from(products)).length;
      const puts = rec.puts.length;
      const error = await thrownBy(() =>
        createProduct(handle.db, rec.storage, fields({ name: "Too Big Dress" }), [huge], null),
      );
      expect(error).toBeInstanceOf(ProductEditError);
      expect((error as Error).message).toContain("huge.png");
      expect(await handle.db.select().from(products)).toHaveLength(count);
      expect(rec.puts.length).toBe(puts);
      await expectStorageMatchesRows();
      // The admin is told why: the size, not that the picture is no image at all.
      expect((error as Error).message).toBe(
        "huge.png: Each image must be 40 megapixels or smaller.",
      );
    });

    test("update keeps image 1, drops 2 and 3, adds a new one; dropped files are deleted", async () => {
      const { id, images } = await create([
        ["one.png", "png"],
        ["two.jpg", "jpeg"],
        ["three.webp", "webp"],
      ]);
      const [kept, dropA, dropB] = images as [string, string, string];
      const ok = await updateProduct(
        handle.db,
        rec.storage,
        id,
        fields({ price: "3900", salePrice: "3100", inStock: [], sizes: ["XL"] }),
        [kept],
        [await upload("detail.webp", "webp")],
        null,
      );
      expect(ok).toBe(true);
      const row = (await rowOf(id))!;
      expect(row.images).toHaveLength(2);
      expect(row.images[0]).toBe(kept);
      expect(row.images[1]).toMatch(/^products\/dresses\/\d+_detail$/);
      // A sale without times runs at once.
      expect(row).toMatchObject({
        price: 3900,
        salePrice: 3100,
        sellingPrice: 3100,
        inStock: false,
        sizes: ["XL"],
      });
      expect(await imageVariantsExist(raw, kept)).toBe(true);
      expect(await imageVariantsExist(raw, row.images[1]!)).toBe(true);
      expect(await existing(raw, [...variantsOf(dropA), ...variantsOf(dropB)])).toEqual([]);
      // Out of stock now: gone from the shop.
      const listing = await shopListing(handle, {
        q: `Ankara Wrap Dress ${backend.name} ${database.name}`,
        category: "dresses",
        sort: "name",
        page: 1,
      });
      expect(listing.products.map((p) => p.id)).not.toContain(id);
      await expectStorageMatchesRows();
    });

    test("an update that would make more than 3 images is refused and stores nothing", async () => {
      const { id, images } = await create([
        ["left.png", "png"],
        ["right.png", "png"],
      ]);
      const before = await rowOf(id);
      const puts = rec.puts.length;
      const error = await thrownBy(async () =>
        updateProduct(
          handle.db,
          rec.storage,
          id,
          fields({ price: "1" }),
          images,
          [await upload("more.png"), await upload("again.png")],
          null,
        ),
      );
      expect(error).toBeInstanceOf(ProductEditError);
      expect((error as Error).message).toMatch(/at most 3 images/);
      expect(rec.puts.length).toBe(puts);
      expect(await rowOf(id)).toEqual(before);
      for (const key of images) expect(await imageVariantsExist(raw, key)).toBe(true);
      await expectStorageMatchesRows();
    });

    test("keep keys that are not the product's own are ignored, and the other product's files are untouched", async () => {
      const other = await create([
        ["other-a.png", "png"],
        ["other-b.png", "png"],
      ]);
      const { id, images } = await create([["mine.png", "png"]]);
      // The other product's keys do not count towards the 3: one kept, two added.
      const ok = await updateProduct(
        handle.db,
        rec.storage,
        id,
        fields(),
        [...other.images, images[0]!, "products/dresses/0_forged"],
        [await upload("new-a.png"), await upload("new-b.jpg", "jpeg")],
        null,
      );
      expect(ok).toBe(true);
      const row = (await rowOf(id))!;
      expect(row.images).toHaveLength(3);
      expect(row.images[0]).toBe(images[0]);
      expect(row.images.some((k) => other.images.includes(k))).toBe(false);
      expect(row.images.includes("products/dresses/0_forged")).toBe(false);
      expect((await rowOf(other.id))!.images).toEqual(other.images);
      for (const key of other.images) expect(await imageVariantsExist(raw, key)).toBe(true);

      // Keeping only someone else's images is keeping nothing.
      const error = await thrownBy(() =>
        updateProduct(handle.db, rec.storage, id, fields(), other.images, [], null),
      );
      expect(error).toBeInstanceOf(ProductEditError);
      expect((error as Error).message).toBe("Please select at least one image.");
      expect((await rowOf(id))!.images).toEqual(row.images);
      await expectStorageMatchesRows();
    });

    test("update of an unknown product answers false and stores nothing", async () => {
      const puts = rec.puts.length;
      expect(
        await updateProduct(
          handle.db,
          rec.storage,
          "999999",
          fields(),
          [],
          [await upload("x.png")],
          null,
        ),
      ).toBe(false);
      expect(rec.puts.length).toBe(puts);
      expect(await rowOf("999999")).toBeUndefined();
      await expectStorageMatchesRows();
    });

    test("delete removes the row and every image file; a second delete answers false", async () => {
      const { id, images } = await create([
        ["gone-a.png", "png"],
        ["gone-b.jpg", "jpeg"],
        ["gone-c.webp", "webp"],
      ]);
      for (const key of images) expect(await imageVariantsExist(raw, key)).toBe(true);
      expect(await deleteProduct(handle.db, rec.storage, id, null)).toBe(true);
      expect(await rowOf(id)).toBeUndefined();
      expect(await existing(raw, images.flatMap(variantsOf))).toEqual([]);
      expect(await deleteProduct(handle.db, rec.storage, id, null)).toBe(false);
      expect(await deleteProduct(handle.db, rec.storage, "999999", null)).toBe(false);
      await expectStorageMatchesRows();
    });

    test("uploadsFrom reads the files of a form and skips the empty part of an untouched input", async () => {
      const bytes = await photo("png");
      const form = new FormData();
      form.append("images", new File([new Uint8Array(bytes)], "a.png", { type: "image/png" }));
      form.append("images", new File([], "", { type: "application/octet-stream" }));
      form.append("images", "not a file");
      const uploads = await uploadsFrom(form);
      expect(uploads).toHaveLength(1);
      expect(uploads[0]!.name).toBe("a.png");
      expect(uploads[0]!.bytes.equals(bytes)).toBe(true);
    });

    test("the endpoint creates, refuses a renamed text file, and deletes, for a signed-in admin", async () => {
      const cookie = await adminSessionCookie(shop, OWNER, "10.8.0.1", ORIGIN);
      const post = async (
        url: string,
        params: { id?: string },
        body: FormData,
        json = true,
      ): Promise<Response> => {
        const request = new Request(`${ORIGIN}${url}`, {
          method: "POST",
          headers: {
            Cookie: cookie,
            Origin: ORIGIN,
            ...(json ? { Accept: "application/json" } : {}),
          },
          body,
        });
        const answer = await productEndpoint(
          routeArgs(shop, request, { params: params.id ? { id: params.id } : {} }),
        );
        return answer;
      };
      const productForm = async (name: string, files: { name: string; bytes: Buffer }[]) => {
        const form = formOf({
          name,
          originalPrice: "0",
          price: "2750",
          category: "dresses",
          description: "Posted through the endpoint.",
          sizes: ["L"],
          inStock: "on",
        });
        for (const file of files) {
          form.append(
            "images",
            new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }),
          );
        }
        return form;
      };

      const created = await post(
        "/admin/products",
        {},
        await productForm("Endpoint Dress", [await upload("endpoint.png")]),
      );
      expect(created.status).toBe(201);
      const body = (await created.json()) as { ok: boolean; id: string };
      expect(body).toEqual({ ok: true, id: expect.any(String) });
      mine.add(body.id);
      const row = (await rowOf(body.id))!;
      expect(row).toMatchObject({ name: "Endpoint Dress", price: 2750, originalPrice: 0 });
      expect(row.images).toHaveLength(1);
      expect(row.images[0]).toMatch(/^products\/dresses\/\d+_endpoint$/);
      expect(await imageVariantsExist(raw, row.images[0]!)).toBe(true);

      const count = (await handle.db.select().from(products)).length;
      const refused = await post(
        "/admin/products",
        {},
        await productForm("Text Dress", [textFile("photo.png")]),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        ok: false,
        error: "Failed to create product.",
        detail: expect.stringContaining("photo.png"),
      });
      expect(await handle.db.select().from(products)).toHaveLength(count);

      const deleteForm = () => formOf({ intent: "delete" });
      const deleted = await post(`/admin/products/${body.id}`, { id: body.id }, deleteForm());
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ ok: true });
      expect(await rowOf(body.id)).toBeUndefined();
      expect(await existing(raw, variantsOf(row.images[0]!))).toEqual([]);
      const again = await post(`/admin/products/${body.id}`, { id: body.id }, deleteForm());
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ ok: false, error: "Failed to delete product." });

      // Without JavaScript: a form post, redirected back to the dashboard, where the new
      // product leads the list.
      const plain = await post(
        "/admin/products",
        {},
        await productForm(`Plain Form Dress ${backend.name}`, [await upload("plain.png")]),
        false,
      );
      expect(plain.status).toBe(303);
      const [plainRow] = await handle.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.name, `Plain Form Dress ${backend.name}`));
      expect(plainRow).toBeDefined();
      expect(plain.headers.get("location")).toBe(`/admin?added=${plainRow!.id}`);
      mine.add(plainRow!.id);
      const plainFailed = await post(
        "/admin/products",
        {},
        await productForm("Plain Text Dress", [textFile("photo.png")]),
        false,
      );
      expect(plainFailed.status).toBe(303);
      expect(plainFailed.headers.get("location")).toBe("/admin?failed=create");
      await expectStorageMatchesRows();
    });
  });
});
