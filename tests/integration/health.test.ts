import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { checkReadiness, PROBE_INTERVAL_MS } from "~/modules/health/readiness.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { DiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { loader as readiness } from "~/routes/resources/healthz";
import { loader as live } from "~/routes/resources/healthz-live";
import { bothDatabases as databases } from "../setup/databases";
import { routeArgs, testServices } from "../setup/services";
import { S3RVER_CREDENTIALS, startS3rver } from "../setup/storages";
import { tempDir } from "../setup/temp-dir";

async function answer(response: Response | Promise<Response>) {
  const r = await response;
  return { status: r.status, body: await r.json() };
}

describe.each(databases)("health checks on $name", (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let dir: string;
  beforeAll(async () => {
    handle = await database.open();
    dir = tempDir("health");
  });
  afterAll(async () => {
    await handle?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** /healthz of a shop whose services are this database and `media`. */
  const shopWith = async (media: MediaStorage) => {
    const services = await testServices(handle, { media });
    return () => readiness(routeArgs(services, new Request("http://localhost/healthz")));
  };

  test("a shop whose database and media folder accept writes is ready, and leaves nothing behind", async () => {
    const media = path.join(dir, "media");
    const ready = await shopWith(new DiskStorage(media));
    expect(await answer(ready())).toEqual({
      status: 200,
      body: { status: "ok", checks: { database: "ok", storage: "ok" } },
    });
    expect(await answer(live())).toEqual({ status: 200, body: { status: "ok" } });
    // The probe's file and row are deleted again.
    expect(fs.readdirSync(path.join(media, "health"))).toEqual([]);
    const rows = await handle.db.query.appMeta.findMany();
    expect(rows.map((row) => row.key)).not.toContain("health_probe");
  });

  test("a media folder that cannot take files makes /healthz 503 naming storage; the process stays live", async () => {
    // The configured media path is a file: every image upload would fail.
    const file = path.join(dir, "not-a-folder");
    fs.writeFileSync(file, "");
    const ready = await shopWith(new DiskStorage(file));
    expect(await answer(ready())).toEqual({
      status: 503,
      body: {
        status: "unavailable",
        failed: ["storage"],
        checks: { database: "ok", storage: "failed" },
      },
    });
    expect((await answer(live())).status).toBe(200);
  });

  test("a bucket that cannot be reached makes /healthz 503 naming storage", async () => {
    const s3 = await startS3rver();
    const storage = new S3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
    });
    try {
      expect((await answer((await shopWith(storage))())).status).toBe(200);
      await s3.stop();
      // A new storage object, as after a restart: the last probe is not reused.
      const unreachable = new S3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: "us-east-1",
        ...S3RVER_CREDENTIALS,
        forcePathStyle: true,
      });
      const ready = await shopWith(unreachable);
      expect((await answer(ready())).body.failed).toEqual(["storage"]);
      unreachable.destroy();
    } finally {
      storage.destroy();
    }
  });

  test("writes are probed at most once per interval, however often the check is asked", async () => {
    const media = path.join(dir, "probed");
    const storage = new DiskStorage(media);
    const start = Date.now() + 60_000;
    expect((await checkReadiness(handle, storage, start)).ready).toBe(true);
    // The folder turns into a file: the next probe fails, but only once it runs.
    fs.rmSync(media, { recursive: true });
    fs.writeFileSync(media, "");
    const soon = await Promise.all(
      Array.from({ length: 20 }, () => checkReadiness(handle, storage, start + 1_000)),
    );
    expect(soon.every((r) => r.ready)).toBe(true);
    const later = await checkReadiness(handle, storage, start + PROBE_INTERVAL_MS);
    expect(later.checks).toEqual({ database: "ok", storage: "failed" });
  });

  test("a closed database makes /healthz 503 naming the database at once; the process stays live", async () => {
    const ready = await shopWith(new DiskStorage(path.join(dir, "media")));
    expect((await answer(ready())).status).toBe(200);
    await handle.close();
    const { status, body } = await answer(ready());
    expect(status).toBe(503);
    expect(body.failed).toEqual(["database"]);
    expect((await answer(live())).status).toBe(200);
  });
});
