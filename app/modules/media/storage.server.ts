import fs from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/utils/env.server";
import { isSafeKey } from "./image-keys";

/** Where processed images live: a folder by default, an S3-compatible bucket when configured. */
/** Stored images never change under their key (a new photo gets a new key): cache for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Keys come from our own naming, but are checked anyway so no key can leave the folder. */
export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) {
    throw new Error(`Unsafe media key: ${key}`);
  }
}

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
};

export function contentTypeFor(key: string) {
  return TYPES[path.extname(key)] ?? "application/octet-stream";
}

export class DiskStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer) {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
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

const holder = globalThis as typeof globalThis & { __shopMedia?: MediaStorage };

export function setMediaStorage(storage: MediaStorage) {
  holder.__shopMedia = storage;
}

export function getMediaStorage(): MediaStorage {
  if (!holder.__shopMedia) throw new Error("Media storage is not configured yet.");
  return holder.__shopMedia;
}

/** The bucket when S3_BUCKET is set, otherwise the folder DATA_DIR/media. */
export async function createMediaStorage(env: Env): Promise<MediaStorage> {
  if (!env.S3_BUCKET) return new DiskStorage(path.join(env.DATA_DIR, "media"));
  // Loaded only when used: a shop on disk storage never pays for the S3 client.
  const { S3Storage } = await import("./s3-storage.server");
  return new S3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    // parseEnv refuses a bucket without both keys.
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  });
}
