import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema";
import type { ListingParams } from "~/modules/catalog/listing";
import { shopListing } from "~/modules/catalog/listing.server";
import { ALL } from "~/terms/categories";
import { databases } from "../setup/databases";

// A small catalogue whose words differ from their categories' names, so each rule of the search
// (word starts, stemmed words, category names, misspellings, every word, best match first) shows
// on its own.
const CATALOGUE = [
  {
    id: "1",
    name: "Zawadi Ankara Dress",
    description: "A wrap in wax print.",
    category: "dresses",
  },
  { id: "2", name: "Amani Gown", description: "Floor length, ankara print.", category: "dresses" },
  { id: "3", name: "Neema Robe", description: "A light open layer.", category: "kimonos" },
  { id: "4", name: "Jua Romper", description: "For little ones who run.", category: "kids-wear" },
  {
    id: "5",
    name: "Red Check Shuka",
    description: "The Maasai blanket.",
    category: "masaai-shukas",
  },
  { id: "6", name: "Pwani Kitenge Top", description: "Cotton, cut in Nairobi.", category: "tops" },
  { id: "7", name: "Baraka Dress", description: "Made from ankara offcuts.", category: "dresses" },
  {
    id: "9",
    name: "Tailored Blazer",
    description: "Sharp enough for a dinner, soft as a house dress.",
    category: "blazers",
  },
  { id: "10", name: "Amina Wrap Top", description: "A red kitenge wrap.", category: "tops" },
  {
    id: "11",
    name: "Kilifi Shweshwe A-Line Skirt",
    description: "Knee length, with pockets.",
    category: "skirts",
  },
  {
    id: "8",
    name: "Hidden Kimono",
    description: "Not on show.",
    category: "kimonos",
    inStock: false,
  },
];

const listing =
  (q: string, extra: Partial<ListingParams> = {}) =>
  (catalogue: DatabaseHandle) =>
    shopListing(catalogue, { q, category: ALL, sort: "relevance", page: 1, ...extra });

describe.each(databases)("shop search on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  const ids = async (q: string, extra?: Partial<ListingParams>) =>
    (await listing(q, extra)(handle)).products.map((p) => p.id);

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.execute(sql`delete from products`);
    await handle.db
      .insert(products)
      .values(CATALOGUE.map((p) => ({ price: 2000, inStock: true, ...p })));
  });
  afterAll(() => handle?.dispose());

  test("a word matches the start of a word in a name or description, never its inside", async () => {
    expect(await ids("wax")).toEqual(["1"]);
    expect(await ids("NAIRO")).toEqual(["6"]);
    expect(await ids("airob")).toEqual([]);
    // 'red' is in 'tailored' but starts no word of the blazer: the blazer is not found.
    expect(await ids("red")).toEqual(["5", "10"]);
  });

  test("every product is found by its whole name, hyphens and all", async () => {
    for (const product of CATALOGUE.filter((p) => p.inStock !== false)) {
      expect(await ids(product.name), product.name).toContain(product.id);
    }
    expect(await ids("a-line skirt")).toEqual(["11"]);
  });

  test("plural and singular find each other", async () => {
    expect(await ids("dresses")).toEqual(expect.arrayContaining(["1", "7"]));
    expect(await ids("blankets")).toEqual(["5"]);
  });

  test("a category's name finds the whole category", async () => {
    expect(await ids("kimonos")).toEqual(["3"]);
    expect(await ids("kids")).toEqual(["4"]);
    // 'dress' names the dresses category: the gown is found after the products named a dress,
    // and the blazer that only says 'dress' in its description comes last.
    expect(await ids("dress")).toEqual(["7", "1", "2", "9"]);
  });

  test("every word of a multi-word search must match", async () => {
    // Both words in the name first; then, of the dresses, the one named a dress.
    expect(await ids("ankara dress")).toEqual(["1", "7", "2"]);
    expect(await ids("ankara kimono")).toEqual([]);
    expect(await ids("red dress")).toEqual([]);
  });

  test("best match first by default; an order the shopper chooses wins", async () => {
    expect(await ids("wrap")).toEqual(["10", "1"]);
    expect(await ids("dress", { sort: "name" })).toEqual(["2", "7", "9", "1"]);
  });

  test("small misspellings find what was meant, and the correction is said", async () => {
    expect(await ids("masai")).toEqual(["5"]);
    expect((await listing("masai")(handle)).corrected).toBe("maasai");
    // The kitenge top is named so; the wrap top only says it.
    expect(await ids("kitengi")).toEqual(["6", "10"]);
    expect((await listing("kitengi")(handle)).corrected).toBe("kitenge");
    expect(await ids("kitengi top")).toEqual(["6", "10"]);
    expect((await listing("kitenge")(handle)).corrected).toBeNull();
    expect((await listing("dresses")(handle)).corrected).toBeNull();
  });

  test("the total, the counts and the category filter follow the same rules", async () => {
    const all = await listing("dresses")(handle);
    expect(all.total).toBe(4);
    expect(all.counts).toMatchObject({ all: 4, dresses: 3, blazers: 1 });
    const kimonos = await listing("robe", { category: "kimonos" })(handle);
    expect(kimonos.total).toBe(1);
  });

  test("a search that finds nothing suggests a category", async () => {
    // Found elsewhere: the category where the search has results, keeping the search.
    const elsewhere = await listing("robe", { category: "dresses" })(handle);
    expect(elsewhere.total).toBe(0);
    expect(elsewhere.suggestion).toEqual({ category: "kimonos", keepSearch: true });
    // Found nowhere: the category nearest to the words, among those with products on show.
    const nowhere = await listing("kimonozzzzzzz")(handle);
    expect(nowhere.total).toBe(0);
    expect(nowhere.suggestion).toEqual({ category: "kimonos", keepSearch: false });
    expect((await listing("qqqqqq")(handle)).suggestion).toBeNull();
  });

  test("hidden products are never found, however they are named", async () => {
    expect(await ids("hidden")).toEqual([]);
  });

  test("hostile searches are plain text", async () => {
    for (const q of ["%", "_", "\\", "'; drop table products; --", "!&|():*", "a <% b"])
      await expect(listing(q)(handle)).resolves.toMatchObject({ total: expect.any(Number) });
    expect(await ids("%")).toEqual([]);
    expect(await ids("!&|():*")).toEqual([]);
  });
});
