// `npm run restore -- FILE [--force]` restores a backup into an empty data folder (PGlite, with
// the server stopped) or an empty PostgreSQL database (DATABASE_URL), and DATA_DIR/media. It
// refuses to replace existing data without --force, and then keeps the replaced data aside.
import { parseArgs } from "node:util";
import { restoreBackup } from "~/modules/backup/backup.server";
import { BackupError } from "~/modules/backup/backup-error";
import { settingsFromEnvironment } from "~/settings.server";
import { runCommand } from "./cli";

await runCommand(async () => {
  const usage = "Usage: npm run restore -- FILE.tar.gz [--force]";
  let parsed: { values: { force: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { force: { type: "boolean", default: false } },
    });
  } catch {
    throw new BackupError(usage);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    throw new BackupError(usage);
  }
  const env = settingsFromEnvironment();
  const { manifest, keptAside } = await restoreBackup(env, file, { force: parsed.values.force });
  const where = env.DATABASE_URL ? "the database in DATABASE_URL" : env.DATA_DIR;
  console.log(`Restored the backup of ${manifest.createdAt} into ${where}.`);
  if (manifest.media === "in-bucket") {
    console.log(
      "Its images were in an S3 bucket, not in the archive: restore the bucket separately.",
    );
  }
  for (const folder of keptAside) {
    console.log(`The data it replaced is kept in ${folder}; delete it once the shop looks right.`);
  }
  console.log("Start the shop: it applies any newer migrations at start-up.");
}, [BackupError]);
