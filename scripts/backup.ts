// `npm run backup [-- FILE-OR-FOLDER/]` writes one archive with the database and the local
// images, while the shop keeps running: backups/amani-YYYYMMDD-HHMMSS.tar.gz by default.
// On PGlite a running server makes the dump itself (only one process may open its data folder).

import { createBackup } from "~/modules/backup/backup.server";
import { BackupError } from "~/modules/backup/backup-error";
import { settingsFromEnvironment } from "~/settings.server";
import { runCommand } from "./cli";

await runCommand(async () => {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith("-")) {
    throw new BackupError("Usage: npm run backup [-- FILE.tar.gz | FOLDER/]");
  }
  const env = settingsFromEnvironment();
  const { file, manifest } = await createBackup(env, args[0]);
  console.log(`Backup written to ${file}`);
  if (manifest.media === "in-bucket") {
    console.log(
      `The images are in the S3 bucket ${env.S3_BUCKET}, not in this archive: back the bucket up separately (e.g. rclone sync or aws s3 sync).`,
    );
  }
}, [BackupError]);
