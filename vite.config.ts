import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // Server-only packages must not be pre-bundled for the browser, or the dev page reloads repeatedly.
  // Browser packages that are only reached lazily are named up front for the same reason.
  optimizeDeps: {
    include: ["lucide-react", "react-hot-toast", "zod", "zod/mini"],
    exclude: ["@electric-sql/pglite", "pg", "drizzle-orm", "better-auth", "sharp", "pino"],
  },
  // @react-router/express is compiled with the app, so that it checks the load context against
  // the same copy of react-router as the app's (in dev, Node alone would load its production copy).
  // The icons, the toast library and the email components are compiled in too: the server then
  // loads what the shop uses, not lucide-react's thousands of icons or react-email's code
  // highlighter (each about half a second of every cold start).
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino"],
    noExternal: ["@react-router/express", "lucide-react", "react-hot-toast", /^@react-email\//],
  },
  // Fewer, larger scripts: React and React Router in one, the storefront's shared code in another.
  // Small files each pay gzip's overhead and compress worse; these two groups took the product
  // page from 130 to 125 KB. Modules loaded on demand (the forms' zod rules, the toast library)
  // stay out of both, or they would load up front; code only one page uses stays with it.
  environments: {
    // The server bundle starts from our Express app, which mounts the React Router handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "react",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 2,
                },
                {
                  name: "storefront",
                  test: /(app[\\/](components|utils|modules)[\\/](?!admin[\\/]).*(?<!validation|checkout-form)\.tsx?$)|node_modules[\\/]lucide-react[\\/]/,
                  priority: 1,
                  minShareCount: 2,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
});
