import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // Server-only packages must not be pre-bundled for the browser, or the dev page reloads repeatedly.
  // Browser packages that are only reached lazily are named up front for the same reason.
  optimizeDeps: {
    include: ["lucide-react", "react-hot-toast", "zod", "zod/mini"],
    exclude: ["@electric-sql/pglite", "pg", "drizzle-orm", "better-auth", "sharp", "pino"],
  },
  // The built server carries its dependencies compiled in, all but the native and WebAssembly
  // ones: Node then reads one file instead of resolving hundreds of packages' package.json files,
  // which took a third of every cold start (3.3 s to 2.2 s, decision 39). In development Vite's
  // runner loads packages as Node does, except @react-router/express (it must check the load
  // context against the app's own copy of react-router), the icons, the toast library and the
  // email components (only what the shop uses of them).
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "pino"],
    noExternal:
      command === "build"
        ? true
        : ["@react-router/express", "lucide-react", "react-hot-toast", /^@react-email\//],
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
}));
