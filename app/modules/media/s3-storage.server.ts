import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import {
  assertSafeKey,
  contentTypeFor,
  MEDIA_CACHE_CONTROL,
  type MediaStorage,
} from "./media-storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Unset for AWS S3; the store's address for R2, MinIO and other S3-compatible stores. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle?: boolean;
  /** Stored keys start with this, so one bucket can hold other things (or several shops). */
  prefix?: string;
};

/** Media in an S3-compatible bucket. The app streams objects itself: the bucket can be private. */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // The SDK otherwise adds CRC checksums to every upload, which several S3-compatible
      // stores reject; S3 itself does not need them for a single PutObject.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    this.bucket = options.bucket;
    const prefix = (options.prefix ?? "").replace(/^\/+|\/+$/g, "");
    if (prefix) assertSafeKey(prefix);
    this.prefix = prefix ? `${prefix}/` : "";
  }

  private key(key: string) {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string) {
    const Key = this.key(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
      const bytes = await object.Body!.transformToByteArray();
      return {
        body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: object.ContentType ?? contentTypeFor(key),
      };
    } catch (error) {
      // A missing bucket is also a 404, but that is a configuration mistake to report.
      if (isNotFound(error) && (error as Error).name !== "NoSuchBucket") return null;
      throw error;
    }
  }

  async exists(key: string) {
    const Key = this.key(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** S3 answers 204 for a key that is not there, so deleting twice is fine. */
  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  /** Closes the client's open connections. */
  destroy() {
    this.client.destroy();
  }
}

function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
