import fs from "node:fs";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  deleteImageVariants,
  imageVariantsExist,
  storeImageVariants,
} from "~/modules/media/images.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { createMediaStorage, DiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { loader } from "~/routes/resources/media";
import type { Services } from "~/services.server";
import { parseSettings } from "~/settings.server";
import { IMAGE_WIDTHS, imageHeight, variantKey } from "~/utils/image-urls";
import { routeArgs } from "../setup/services";
import { S3RVER_CREDENTIALS, startS3rver, storages } from "../setup/storages";
import { tempDir } from "../setup/temp-dir";

const bytes = (text: string) => Buffer.from(text, "utf8");

describe.each(storages)("media storage on $name", (backend) => {
  let storage: MediaStorage;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, dispose } = await backend.open());
  });
  afterAll(() => dispose?.());

  test("put then get returns the same bytes and content type", async () => {
    const body = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#c0392b" },
    })
      .webp()
      .toBuffer();
    await storage.put("products/dresses/1_red-4.webp", body, "image/webp");
    const object = await storage.get("products/dresses/1_red-4.webp");
    expect(object?.contentType).toBe("image/webp");
    expect(object?.body.equals(body)).toBe(true);
  });

  test("put replaces an existing object", async () => {
    await storage.put("replace/me.webp", bytes("first"), "image/webp");
    await storage.put("replace/me.webp", bytes("second"), "image/webp");
    expect((await storage.get("replace/me.webp"))?.body.toString()).toBe("second");
  });

  test("exists tells stored keys from missing ones, and get of a missing key is null", async () => {
    await storage.put("exists/yes.webp", bytes("here"), "image/webp");
    expect(await storage.exists("exists/yes.webp")).toBe(true);
    expect(await storage.exists("exists/no.webp")).toBe(false);
    expect(await storage.get("exists/no.webp")).toBeNull();
  });

  test("delete removes the object, and deleting a missing key is fine", async () => {
    await storage.put("gone/soon.webp", bytes("bye"), "image/webp");
    await storage.delete("gone/soon.webp");
    expect(await storage.get("gone/soon.webp")).toBeNull();
    expect(await storage.exists("gone/soon.webp")).toBe(false);
    await expect(storage.delete("gone/soon.webp")).resolves.toBeUndefined();
    await expect(storage.delete("never/was.webp")).resolves.toBeUndefined();
  });

  test.each(["../x", "a//b", "/etc/passwd", "a/../../b.webp", ""])(
    "refuses the unsafe key %j for every operation",
    async (key) => {
      await expect(storage.put(key, bytes("x"), "image/webp")).rejects.toThrow(/Unsafe media key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe media key/);
      await expect(storage.exists(key)).rejects.toThrow(/Unsafe media key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe media key/);
    },
  );

  test("a product photo is stored as WebP at every width, and deleted with it", async () => {
    const png = await sharp({
      create: { width: 1200, height: 1500, channels: 3, background: "#e67e22" },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 400, height: 400, channels: 3, background: "#1e3a5f" },
          })
            .png()
            .toBuffer(),
          top: 300,
          left: 200,
        },
      ])
      .png()
      .toBuffer();
    const key = "products/dresses/1700000000000_kitenge-maxi";
    expect(await imageVariantsExist(storage, key)).toBe(false);

    await storeImageVariants(storage, key, png);
    expect(await imageVariantsExist(storage, key)).toBe(true);
    for (const width of IMAGE_WIDTHS) {
      const object = await storage.get(variantKey(key, width));
      expect(object?.contentType).toBe("image/webp");
      const meta = await sharp(object!.body).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: imageHeight(width) });
    }

    await deleteImageVariants(storage, key);
    expect(await imageVariantsExist(storage, key)).toBe(false);
    for (const width of IMAGE_WIDTHS) {
      expect(await storage.get(variantKey(key, width))).toBeNull();
    }
  });

  test("the /media route serves stored images and answers 404 for missing ones", async () => {
    // The route reads media storage and nothing else: a shop with only that service.
    const shop = { media: storage } as Services;
    const body = await sharp({
      create: { width: 8, height: 10, channels: 3, background: "#27ae60" },
    })
      .webp()
      .toBuffer();
    await storage.put("products/shirts/2_green-320.webp", body, "image/webp");

    const serve = (key: string) =>
      loader(
        routeArgs(shop, new Request(`http://localhost/media/${key}`), { params: { "*": key } }),
      );

    const found = await serve("products/shirts/2_green-320.webp");
    expect(found.status).toBe(200);
    expect(found.headers.get("content-type")).toBe("image/webp");
    expect(found.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await found.arrayBuffer()).equals(body)).toBe(true);

    expect((await serve("products/shirts/missing-320.webp")).status).toBe(404);
  });
});

describe("disk storage when a write fails", () => {
  let dir: string;
  let storage: MediaStorage;
  beforeAll(() => {
    dir = tempDir("media-failures");
    storage = new DiskStorage(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Every file under the folder, by its path inside it. */
  const files = () =>
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => fs.statSync(path.join(dir, f)).isFile())
      .sort();

  test("a write that fails part-way (a full disk) leaves no temporary file", async () => {
    // The bytes arrive as a stream that breaks after the file was opened, as a full disk does.
    const breaking = (async function* () {
      yield bytes("half a pho");
      throw new Error("No space left on device");
    })() as unknown as Buffer;
    await expect(
      storage.put("products/dresses/1_full-640.webp", breaking, "image/webp"),
    ).rejects.toThrow(/No space left/);
    expect(files()).toEqual([]);
  });

  test("a rename that is refused leaves no temporary file, and the key stays missing", async () => {
    // Something else (a folder) already holds the final name, so the rename fails.
    fs.mkdirSync(path.join(dir, "products/dresses/2_blocked-640.webp/inside"), { recursive: true });
    fs.writeFileSync(path.join(dir, "products/dresses/2_blocked-640.webp/inside/keep"), "x");
    await expect(
      storage.put("products/dresses/2_blocked-640.webp", bytes("photo"), "image/webp"),
    ).rejects.toThrow();
    expect(files()).toEqual([path.normalize("products/dresses/2_blocked-640.webp/inside/keep")]);
  });
});

describe("createMediaStorage", () => {
  let server: Awaited<ReturnType<typeof startS3rver>>;
  const dataDir = tempDir("media-env");
  beforeAll(async () => {
    server = await startS3rver("shop-env-test");
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("without S3_BUCKET, images go to DATA_DIR/media", async () => {
    const storage = await createMediaStorage(parseSettings({ DATA_DIR: dataDir }));
    expect(storage).toBeInstanceOf(DiskStorage);
    await storage.put("brand/x.webp", bytes("disk"), "image/webp");
    expect(fs.readFileSync(path.join(dataDir, "media", "brand", "x.webp"), "utf8")).toBe("disk");
  });

  test("with S3_BUCKET, images go to the bucket under S3_PREFIX (path style by default)", async () => {
    const storage = await createMediaStorage(
      parseSettings({
        DATA_DIR: dataDir,
        S3_BUCKET: server.bucket,
        S3_ENDPOINT: server.endpoint,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        S3_PREFIX: "shop-one/",
      }),
    );
    expect(storage).toBeInstanceOf(S3Storage);
    await storage.put("brand/x.webp", bytes("bucket"), "image/webp");

    const whole = new S3Storage({
      bucket: server.bucket,
      endpoint: server.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      ...S3RVER_CREDENTIALS,
    });
    expect((await whole.get("shop-one/brand/x.webp"))?.body.toString()).toBe("bucket");
    expect(await whole.exists("brand/x.webp")).toBe(false);

    const client = new S3Client({
      endpoint: server.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const head = await client.send(
      new HeadObjectCommand({ Bucket: server.bucket, Key: "shop-one/brand/x.webp" }),
    );
    expect(head).toMatchObject({
      ContentType: "image/webp",
      CacheControl: "public, max-age=31536000, immutable",
    });
    client.destroy();
    (storage as S3Storage).destroy();
    whole.destroy();
  });

  test("a missing bucket is an error, not a missing image", async () => {
    const storage = new S3Storage({
      bucket: "no-such-bucket",
      endpoint: server.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      ...S3RVER_CREDENTIALS,
    });
    await expect(storage.get("brand/x.webp")).rejects.toThrow();
    storage.destroy();
  });
});
