import { z } from "zod";
import { isSafeKey } from "~/utils/safe-key";
import { givenOf, optionalFlag, optionalUrl, settingsSection } from "~/utils/settings-section";

/** The settings that only matter with S3_BUCKET. */
const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PREFIX",
] as const;

/** Media goes to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/media. */
export const s3Settings = settingsSection({
  shape: {
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: "a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
      })
      .optional(),
    S3_ENDPOINT: optionalUrl(
      "of the S3-compatible store, such as https://ACCOUNT_ID.r2.cloudflarestorage.com (unset for AWS S3)",
    ),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, { error: "a region such as us-east-1 (auto for Cloudflare R2)" })
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Unset: path-style addressing when S3_ENDPOINT is set (what most non-AWS stores need). */
    S3_FORCE_PATH_STYLE: optionalFlag(),
    S3_PREFIX: z
      .string()
      .refine(isSafeKey, { error: "a key prefix such as shop/ (letters, digits and / _ . -)" })
      .optional(),
  },
  check(env, ctx) {
    if (!env.S3_BUCKET) return;
    for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[name]) {
        ctx.addIssue({ code: "custom", path: [name], message: "set when S3_BUCKET is set" });
      }
    }
  },
  // S3 settings without a bucket would silently leave images on disk.
  stray(given) {
    const stray = givenOf(given, S3_SETTINGS);
    if (given.S3_BUCKET || stray.length === 0) return undefined;
    return `S3_BUCKET must be set to use ${stray.join(", ")} (without it, images are stored in DATA_DIR/media).`;
  },
});
