import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, setDatabase } from "~/db/client.server";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as home } from "~/routes/storefront/home";
import { databases } from "../setup/databases";

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
  beforeAll(async () => {
    handle = await database.open();
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.dispose();
  });

  test("Home and the health check answer while it works", async () => {
    expect(await statusOf(() => home())).toBe(200);
    expect(await statusOf(() => healthz())).toBe(200);
  });

  test("Home answers 503 (never an empty shop) and the health check 503 once it is gone", async () => {
    await handle.close();
    expect(await statusOf(() => home())).toBe(503);
    expect(await statusOf(() => healthz())).toBe(503);
  });
});
