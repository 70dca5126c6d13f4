import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { orUnavailable } from "~/db/unavailable.server";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as home } from "~/routes/storefront/home";
import { loader as productPage } from "~/routes/storefront/product";
import { loader as shop } from "~/routes/storefront/shop";
import type { Services } from "~/services.server";
import { bothDatabases as databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";

/** What a loader threw or returned, as a status code. */
async function statusOf(run: () => Promise<unknown>) {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === "object" && "init" in error) {
      return (error as { init?: { status?: number } }).init?.status ?? 500;
    }
    throw error;
  }
}

describe.each(databases)("when the database fails, on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let services: Services;
  beforeAll(async () => {
    handle = await database.open();
    services = await testServices(handle);
  });
  afterAll(async () => {
    await handle?.dispose();
  });
  const visit = <Args>(path = "/") =>
    routeArgs<Args>(services, new Request(`http://localhost${path}`));

  test("Home and the health check answer while it works", async () => {
    expect(await statusOf(() => home(visit()))).toBe(200);
    expect(await statusOf(() => healthz(visit()))).toBe(200);
  });

  test("text the database refuses (a NUL byte) is a 400, not the outage page", async () => {
    // The database itself refusing the text, as a storefront page's work runs it.
    const refused = () =>
      orUnavailable(() => handle.db.execute(sql`select ${"kit\0enge"}::text as word`));
    expect(await statusOf(refused)).toBe(400);
    // Straight to the loaders (the server's edge refuses such an address before it gets here):
    // a search's words are letters and digits by the time they reach the database, and a
    // product's id is checked first, so neither carries the NUL there.
    const search = (q: string) => () => shop(visit(`/shop?q=${encodeURIComponent(q)}`));
    expect(await statusOf(search("kit\0enge"))).toBe(200);
    const product = (id: string) => () =>
      productPage(
        routeArgs<Parameters<typeof productPage>[0]>(
          services,
          new Request(`http://localhost/product/${encodeURIComponent(id)}`),
          { params: { id } },
        ),
      );
    expect(await statusOf(product("10\x01"))).toBe(404);
  });

  test("Home answers 503 (never an empty shop) and the health check 503 once it is gone", async () => {
    await handle.close();
    expect(await statusOf(() => home(visit()))).toBe(503);
    expect(await statusOf(() => healthz(visit()))).toBe(503);
  });
});
