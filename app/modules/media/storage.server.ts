import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Settings } from "~/settings.server";
import { assertSafeKey, contentTypeFor, type MediaStorage } from "./media-storage";

// The contract every store keeps lives in its own module, which the S3 store imports too.
export {
  assertSafeKey,
  contentTypeFor,
  MEDIA_CACHE_CONTROL,
  type MediaStorage,
} from "./media-storage";

/** Where processed images live: a folder by default, an S3-compatible bucket when configured. */
export class DiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file. The temporary name is unique, so
    // two writes of one key never share it, and it is removed whatever fails (a full disk, a
    // rename refused), so failures leave no empty or partial files behind.
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
    } catch (error) {
      await fs.rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
  }

  async get(key: string) {
    const file = this.file(key);
    try {
      const body = await fs.readFile(file);
      return { body, contentType: contentTypeFor(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async exists(key: string) {
    const file = this.file(key); // outside the try: an unsafe key is an error, not "missing"
    try {
      await fs.access(file);
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string) {
    await fs.rm(this.file(key), { force: true });
  }
}

/** The bucket when S3_BUCKET is set, otherwise the folder DATA_DIR/media. */
export async function createMediaStorage(env: Settings): Promise<MediaStorage> {
  if (!env.S3_BUCKET) return new DiskStorage(path.join(env.DATA_DIR, "media"));
  // Loaded only when used: a shop on disk storage never pays for the S3 client.
  const { S3Storage } = await import("./s3-storage.server");
  return new S3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    // parseSettings refuses a bucket without both keys.
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  });
}
