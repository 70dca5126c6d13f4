// The shop listing query at scale: seeds 10,000 and 100,000 generated products into PGlite and
// PostgreSQL, then times the shop query (the first page, as /shop runs it: its total is the
// sidebar's count, kept per search) for a common, a rare and a two-letter search term, each with
// a category and a sort, and prints the median and p95, the uncached sidebar counts, and the
// plans PostgreSQL chose (on stderr).
//
//   npm run bench:shop                      # PGlite, and PostgreSQL at BENCH_DATABASE_URL or
//                                           # postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_SIZES=10000 npm run bench:shop    # fewer rows
//   BENCH_DATABASES=pglite npm run bench:shop   # one database (pglite or postgresql)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import type { ListingParams } from "~/modules/catalog/listing";
import {
  countMatches,
  listingQueries,
  type PagePlan,
  pagePlan,
  type Spellings,
  wordSpellings,
} from "~/modules/catalog/listing.server";
import { searchTerms } from "~/modules/catalog/search-terms";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgresql").split(",");
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const CASES: { label: string; params: ListingParams }[] = [
  {
    label: "common term 'print', dresses, price low-high",
    params: { q: "print", category: "dresses", sort: "price-asc", page: 1 },
  },
  {
    label: "rare term 'zanzibar', dresses, price high-low",
    params: { q: "zanzibar", category: "dresses", sort: "price-desc", page: 1 },
  },
  {
    label: "two-letter term 'ki', kimonos, name",
    params: { q: "ki", category: "kimonos", sort: "name", page: 1 },
  },
  {
    label: "common term 'print', all categories, name",
    params: { q: "print", category: "all", sort: "name", page: 1 },
  },
  {
    label: "two words 'ankara dresses', all categories, name",
    params: { q: "ankara dresses", category: "all", sort: "name", page: 1 },
  },
  {
    label: "common term 'print', all categories, best match",
    params: { q: "print", category: "all", sort: "relevance", page: 1 },
  },
  {
    label: "two words 'ankara dresses', all categories, best match",
    params: { q: "ankara dresses", category: "all", sort: "relevance", page: 1 },
  },
  {
    label: "misspelt 'kitengi', searched as the catalogue spells it, all categories, name",
    params: { q: "kitengi", category: "all", sort: "name", page: 1 },
  },
  {
    label: "no term, all categories, name",
    params: { q: "", category: "all", sort: "name", page: 1 },
  },
];

/** N products from generate_series: varied names, prices and categories; 'zanzibar' in 1 of 1000. */
async function seed(handle: DatabaseHandle, n: number) {
  await handle.db.execute(sql`delete from products`);
  await handle.db.execute(sql`
    insert into products (id, name, description, category, price, original_price, in_stock, is_featured)
    select
      (100000 + g)::text,
      (array['Zawadi','Amani','Neema','Baraka','Imani','Jua','Pwani','Malaika','Nyota','Tausi','Zuri','Sifa','Kito'])[1 + g % 13]
        || ' ' || (array['Ankara','Kitenge','Kente','Kikoi','Dashiki','Adinkra','Bogolan','Shweshwe','Batik','Maasai'])[1 + (g / 13) % 10]
        || ' ' || (array['Maxi','Midi','Wrap','Flare','Peplum','Shift','Belted','Long','Cropped'])[1 + (g / 130) % 9]
        || ' ' || (array['Dress','Kimono','Jumpsuit','Top','Skirt','Trousers','Blazer','Shirt'])[1 + g % 8]
        || ' ' || g,
      'A bold print cut in Nairobi from cotton wax fabric, made to be noticed'
        || case when g % 1000 = 0 then ', inspired by Zanzibar' else '' end || '.',
      (array['dresses','masaai-shukas','trousers','skirts','blazers','tshirts','kimonos','sandals','ponchos','hoodies-trench','jumpsuits','tops','kids-wear','men-wear','accessories'])[1 + g % 15],
      600 + (g * 37) % 5901,
      case when g % 4 = 1 then 7000 else null end,
      g % 11 <> 7,
      g % 20 = 0
    from generate_series(1, ${n}) as g`);
  await handle.db.execute(sql`analyze products`);
}

const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

async function explain(
  handle: DatabaseHandle,
  params: ListingParams,
  near: Spellings,
  plan: PagePlan,
) {
  const { page, categoryCounts } = listingQueries(handle.db, params, near, params.page, plan);
  const lines: string[] = [];
  for (const [name, query] of [
    ["page", page],
    ["sidebar counts", categoryCounts],
  ] as const) {
    const result = await handle.db.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
    const plan = result.rows.map((r) => r["QUERY PLAN"]);
    const used =
      plan.join(" ").match(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)[^(]*/g) ?? [];
    lines.push(`${name}: ${[...new Set(used.map((u) => u.trim()))].join("; ")}`);
  }
  return lines;
}

async function measure(
  name: string,
  open: () => Promise<DatabaseHandle & { dispose(): Promise<void> }>,
) {
  const handle = await open();
  const rows: string[] = [];
  try {
    for (const n of SIZES) {
      const started = Date.now();
      await seed(handle, n);
      console.error(
        `${name}: seeded ${n} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      for (const { label, params } of CASES) {
        // How each word matches (whole, a word's start, or spelt as the catalogue spells it):
        // looked up once per search and kept by the shop until the catalogue changes.
        const terms = searchTerms(params.q);
        const spellings = terms ? await wordSpellings(handle.db, terms) : {};
        const near = async () => spellings;
        // How many match, and how many are shown: the shop reads both from the sidebar's kept
        // counts, and chooses how the page is read from them.
        const counts = await countMatches(handle.db, params, spellings);
        const shown = await countMatches(handle.db, { ...params, q: "" });
        const matches = counts.matches[params.category] ?? 0;
        const plan = pagePlan(params, counts, shown);
        // The shop query: the first page, as /shop runs it.
        const shopQuery = async () =>
          listingQueries(handle.db, params, await near(), params.page, plan).page;
        // The sidebar's per-category counts, uncached (the shop keeps them per term until the catalogue changes).
        const sidebar = async () => listingQueries(handle.db, params, await near()).categoryCounts;
        const time = async (work: () => Promise<unknown>) => {
          for (let i = 0; i < 3; i++) await work();
          const times: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const t = performance.now();
            await work();
            times.push(performance.now() - t);
          }
          return times;
        };
        const query = await time(shopQuery);
        const sidebarTimes = await time(sidebar);
        rows.push(
          `| ${name} | ${n.toLocaleString("en")} | ${label} | ${matches.toLocaleString("en")} | ${median(query).toFixed(1)} | ${p95(query).toFixed(1)} | ${median(sidebarTimes).toFixed(1)} |`,
        );
        for (const line of await explain(handle, params, spellings, plan))
          console.error(`  ${label} -> ${line}`);
      }
    }
  } finally {
    await handle.dispose();
  }
  return rows;
}

const pglite = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const handle = await openDatabase({ dataDir: dir });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

const postgres = async () => {
  const name = `shop_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};

const rows = [
  ...(DATABASES.includes("pglite") ? await measure("PGlite", pglite) : []),
  ...(DATABASES.includes("postgresql") ? await measure("PostgreSQL", postgres) : []),
];
console.log(
  `\nShop query (the first page of 24; its total is the sidebar's count, kept per search), ${RUNS} runs each, times in ms; the sidebar's per-category counts, uncached, beside it\n`,
);
console.log("| database | products | query | matches | median | p95 | sidebar counts, median |");
console.log("|---|---:|---|---:|---:|---:|---:|");
console.log(rows.join("\n"));
