import { defineConfig } from "drizzle-kit";

// Migrations are generated from app/db/schema.ts with `npm run db:generate` and committed;
// the app applies them itself at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./app/db/migrations",
});
