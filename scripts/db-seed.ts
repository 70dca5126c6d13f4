// `npm run db:seed`: adds the sample catalogue to an empty shop. On PGlite, stop the server first
// (the database folder is locked while it runs).
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { productCount, seedSampleCatalogue } from "~/db/seed.server";
import { DiskStorage } from "~/modules/media/storage.server";
import { getEnv } from "~/utils/env.server";
import { StartupError } from "~/utils/startup-error";

try {
  const env = getEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const existing = await productCount(database.db);
    if (existing > 0) {
      console.error(
        `The shop already has ${existing} products; the sample catalogue is only added to an empty shop.`,
      );
      process.exitCode = 1;
    } else {
      const added = await seedSampleCatalogue(
        database.db,
        new DiskStorage(path.join(env.DATA_DIR, "media")),
      );
      console.log(`Added the sample catalogue: ${added} products.`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
