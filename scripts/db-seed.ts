// `npm run db:seed`: adds the sample catalogue to an empty shop. On PGlite, stop the server first
// (the database folder is locked while it runs).
import { seedSampleCatalogue } from "~/flows/seed-sample-catalogue.server";
import { productCount } from "~/modules/catalog/product-records.server";
import { runCommand, withServices } from "./cli";

await runCommand(() =>
  withServices(async ({ db, media }) => {
    const existing = await productCount(db);
    if (existing > 0) {
      console.error(
        `The shop already has ${existing} products; the sample catalogue is only added to an empty shop.`,
      );
      process.exitCode = 1;
      return;
    }
    const added = await seedSampleCatalogue(db, media);
    console.log(`Added the sample catalogue: ${added} products.`);
  }),
);
