import { z } from "zod";

/** Where `npm run backup` writes when no file is named: `backups/amani-YYYYMMDD-HHMMSS.tar.gz`. */
export const BACKUP_FOLDER = "backups";

/** A backup's file name for the moment it was taken, in UTC so names sort by time. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `amani-${stamp}.tar.gz`;
}

/** What every archive says about itself in `manifest.json`. */
export const backupManifest = z.object({
  format: z.literal("amani-shop-backup"),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.enum(["pglite", "postgres"]),
  /** Images are in the archive (`media/`) only when the shop keeps them in DATA_DIR/media. */
  media: z.enum(["included", "in-bucket"]),
});
export type BackupManifest = z.infer<typeof backupManifest>;

export const isBackupManifest = (value: unknown): value is BackupManifest =>
  backupManifest.safeParse(value).success;
