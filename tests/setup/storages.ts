import fs from "node:fs";
import S3rver from "s3rver";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { DiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { tempDir } from "./temp-dir";

/**
 * The media storages every storage-touching case runs on: a temporary folder, and a bucket on a
 * local S3-compatible server (s3rver) started for the suite and stopped by dispose().
 */
export type TestStorage = {
  name: string;
  open(): Promise<{ storage: MediaStorage; dispose(): Promise<void> }>;
};

/** The keys s3rver accepts for signed requests. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** Starts s3rver on a free port with an empty bucket; returns its endpoint and a stop function. */
export async function startS3rver(bucket = "shop-media") {
  const directory = tempDir("s3rver");
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

const disk: TestStorage = {
  name: "disk",
  async open() {
    const dir = tempDir("media");
    return {
      storage: new DiskStorage(dir),
      async dispose() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const s3: TestStorage = {
  name: "S3",
  async open() {
    const server = await startS3rver();
    const storage = new S3Storage({
      bucket: server.bucket,
      endpoint: server.endpoint,
      region: "us-east-1",
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
      prefix: "shop",
    });
    return {
      storage,
      async dispose() {
        storage.destroy();
        await server.stop();
      },
    };
  },
};

export const storages: TestStorage[] = [disk, s3];
