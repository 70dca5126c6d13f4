import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server bundle starts from our Express app, which mounts the React Router handler.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // Server-only packages must not be pre-bundled for the browser, or the dev page reloads repeatedly.
  // Browser packages that are only reached lazily are named up front for the same reason.
  optimizeDeps: {
    include: ["lucide-react", "react-hot-toast", "zod", "zod/mini"],
    exclude: ["@electric-sql/pglite", "pg", "drizzle-orm", "better-auth", "sharp", "pino"],
  },
  // @react-router/express is compiled with the app, so that it checks the load context against
  // the same copy of react-router as the app's (in dev, Node alone would load its production copy).
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino"],
    noExternal: ["@react-router/express"],
  },
  plugins: [tailwindcss(), reactRouter()],
});
