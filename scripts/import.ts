// `npm run import -- --products products.json --orders orders.json` brings the collections
// exported from the hosted document database into the shop (either flag may be given alone).
// Running it again imports nothing twice. On PGlite, stop the server first: its database is
// locked while it runs (this command then says so). On PostgreSQL it works at any time.
// The accepted export shape is described in docs/operations.md ("Moving from the hosted document database").
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { importExport } from "~/flows/import-shop.server";
import {
  type Collection,
  ExportShapeError,
  readExportDocuments,
} from "~/modules/import/firestore-export";
import { formatReport } from "~/modules/import/report";
import { runCommand, withServices } from "./cli";

const USAGE = "Usage: npm run import -- [--products FILE] [--orders FILE] (at least one)";

class UsageError extends Error {}

async function readCollection(file: string, collection: Collection) {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`Could not read ${file}${code ? ` (${code})` : ""}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return readExportDocuments(json, collection);
  } catch (error) {
    if (error instanceof ExportShapeError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
}

await runCommand(async () => {
  let values: { products?: string; orders?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        products: { type: "string" },
        orders: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.products && !values.orders) throw new UsageError(USAGE);
  // Both files are read and checked before the database is opened.
  const input = {
    products: values.products ? await readCollection(values.products, "products") : undefined,
    orders: values.orders ? await readCollection(values.orders, "orders") : undefined,
  };
  await withServices(async ({ db, media }) => {
    // Images go to the storage the server uses: a folder or a bucket.
    const report = await importExport(db, media, input);
    console.log(formatReport(report));
  });
}, [UsageError]);
