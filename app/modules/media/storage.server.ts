import fs from "node:fs/promises";
import path from "node:path";

/** Where processed images live: a folder by default, an S3-compatible bucket when configured. */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys come from our own naming, but are checked anyway so no key can leave the folder. */
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`Unsafe media key: ${key}`);
  }
}

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
};

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
    try {
      const body = await fs.readFile(this.file(key));
      return { body, contentType: TYPES[path.extname(key)] ?? "application/octet-stream" };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async exists(key: string) {
    try {
      await fs.access(this.file(key));
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
