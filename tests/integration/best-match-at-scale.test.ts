import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { type ListingParams, PAGE_SIZE } from "~/modules/catalog/listing";
import { RANKED_MATCHES, shopListing } from "~/modules/catalog/listing.server";
import { ALL } from "~/terms/categories";
import { databases } from "../setup/databases";

// More matches than 'Best match' ranks one by one: every product says 'dress' in its description;
// one in seven also in its name, one in five is in the dresses category the word names, one in
// eleven is sold out, and names sort in another order than they were added.
const PRODUCTS = RANKED_MATCHES * 1.5;

describe.each(databases)("'Best match' past its ranking on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };

  beforeAll(async () => {
    handle = await database.open();
    await handle.db.execute(sql`delete from products`);
    await handle.db.execute(sql`
      insert into products (id, name, description, category, price, in_stock, sold_out)
      select
        'p' || g,
        (array['Zawadi','Amani','Neema','Baraka','Imani','Jua','Pwani'])[1 + g % 7 * 3 % 7]
          || case when g % 7 = 0 then ' Dress ' else ' Wrap ' end || g,
        'Worn over a dress or alone.',
        case when g % 5 = 0 then 'dresses' else 'tops' end,
        1500,
        true,
        g % 11 = 0
      from generate_series(1, ${PRODUCTS}) as g`);
  });
  afterAll(() => handle?.dispose());

  /** The order 'Best match' promises, as the database sorts it: the whole table, no shortcut. */
  async function expected(category = ALL) {
    const rows = await handle.db.execute<{ id: string }>(sql`
      select id from products
      where ${category === ALL ? sql`true` : sql`category = ${category}`}
      order by sold_out, (name like '% Dress %') desc, (category = 'dresses') desc, name, id`);
    return rows.rows.map((r) => r.id);
  }
  const page = async (params: Partial<ListingParams>, fromPage?: number) =>
    shopListing(
      handle,
      { q: "dress", category: ALL, sort: "relevance", page: 1, ...params },
      fromPage,
    );

  test("each page holds the products with the word in the name first, then the named category, then A to Z", async () => {
    const order = await expected();
    const first = await page({});
    expect(first.total).toBe(PRODUCTS);
    expect(first.total).toBeGreaterThan(RANKED_MATCHES);
    expect(first.products.map((p) => p.id)).toEqual(order.slice(0, PAGE_SIZE));
    // Deep in the list, across the tiers' borders, and the last page, which is short.
    for (const n of [2, 15, 30, Math.ceil(PRODUCTS / PAGE_SIZE)]) {
      const { products } = await page({ page: n });
      expect(
        products.map((p) => p.id),
        `page ${n}`,
      ).toEqual(order.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE));
    }
    // 'Load more' reached page 4: the address shows pages 1 to 4 at once.
    const { products } = await page({ page: 4 }, 1);
    expect(products.map((p) => p.id)).toEqual(order.slice(0, 4 * PAGE_SIZE));
  });

  test("within a category, the same order", async () => {
    const order = await expected("tops");
    const { products, total } = await page({ category: "tops", page: 3 });
    expect(total).toBe(order.length);
    expect(products.map((p) => p.id)).toEqual(order.slice(2 * PAGE_SIZE, 3 * PAGE_SIZE));
  });
});
