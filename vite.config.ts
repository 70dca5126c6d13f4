import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";

/**
 * Where the storefront's shared code comes from: the app's components and modules, and icons
 * (imported one by one, `lucide-react/icons/<name>`, so that who uses each one can be seen here).
 */
const SHARED_CODE = /(app[\\/](components|utils|modules)[\\/])|node_modules[\\/]lucide-react[\\/]/;
const ROUTE_MODULE = /app[\\/](root\.tsx|routes[\\/][^?]+)/;
const STOREFRONT_ROUTE = /^(root\.tsx|routes[\\/]storefront[\\/])/;

/**
 * Whether `id` belongs in the storefront's shared file: a storefront page loads it up front (it is
 * reached from a storefront route module, the root among them, through static imports), and so
 * does another page, or a part loaded on demand. A module reached only through `import()`, or only
 * from the back office, stays out; so does one that a single page uses, which stays with it.
 */
function sharedByStorefront(id: string, ctx: ChunkingContext): boolean {
  const users = new Set<string>();
  const seen = new Set<string>();
  const visit = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const route = ROUTE_MODULE.exec(moduleId)?.[1];
    if (route) return void users.add(route);
    const info = ctx.getModuleInfo(moduleId);
    if (info?.dynamicImporters.length) users.add(`import(${moduleId})`);
    for (const importer of info?.importers ?? []) visit(importer);
  };
  visit(id);
  const storefront = [...users].some((user) => STOREFRONT_ROUTE.test(user));
  return storefront && users.size >= 2;
}

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
  // page from 130 to 125 KB. The shared file holds what two or more storefront pages load up front:
  // code only one page uses stays with it, code only the back office uses (its dialog, its dates)
  // stays out, and so do modules loaded on demand (the forms' zod rules, the toast library).
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
                  name: (id, ctx) =>
                    SHARED_CODE.test(id) && sharedByStorefront(id, ctx) ? "storefront" : null,
                  priority: 1,
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
