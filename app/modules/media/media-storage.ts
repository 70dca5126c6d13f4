import { isSafeKey } from "~/utils/safe-key";

/** What every image store offers (a folder, an S3-compatible bucket). */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such object. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Stored images never change under their key (a new photo gets a new key): cache for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Keys come from our own naming, but are checked anyway so no key can leave the folder. */
export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) {
    throw new Error(`Unsafe media key: ${key}`);
  }
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  png: "image/png",
  jpg: "image/jpeg",
};

export function contentTypeFor(key: string) {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? "";
  return TYPES[extension] ?? "application/octet-stream";
}
