import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vite";
import { inlineWords } from "./scripts/inline-words.ts";

/**
 * Where the storefront's shared code comes from: the app's components, modules and terms, and icons
 * (imported one by one, `lucide-react/icons/<name>`, so that who uses each one can be seen here).
 */
const SHARED_CODE =
  /(app[\\/](components|utils|modules|terms)[\\/])|node_modules[\\/]lucide-react[\\/]/;
const ROUTE_MODULE = /app[\\/](root\.tsx|routes[\\/][^?]+)/;
const STOREFRONT_ROUTE = /^(root\.tsx|routes[\\/]storefront[\\/])/;

/**
 * Whether `id` belongs in the storefront's shared file: a storefront page loads it up front (it is
 * reached from a storefront route module, the root among them, through static imports), and so
 * does another page, or a part loaded on demand. A module reached only through `import()`, or only
 * from the back office, stays out; so does one that a single page uses, which stays with it.
 */
function storefrontUsers(id: string, ctx: ChunkingContext): Set<string> | null {
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
  return storefront && users.size >= 2 ? users : null;
}

/**
 * Families of storefront pages: what only the pages of one family share goes in a file of its
 * own, which the other pages never download. The pages with product cards (the card, its price,
 * its add button), and the pages about one order (its lines, paying again, asking the shop), and
 * so on: the Shop, the busiest page, downloads none of the others' code.
 */
const FAMILIES = {
  cards: /^routes[\\/]storefront[\\/](home|shop|product)\.tsx$/,
  order: /^routes[\\/]storefront[\\/](order-success|order-tracking|pay)\.tsx$/,
  forms: /^routes[\\/]storefront[\\/](cart|contact|back-in-stock|pay|track-order)\.tsx$/,
  // Home and About's story (their feature cards and icons).
  story: /^routes[\\/]storefront[\\/](home|about)\.tsx$/,
  // The pages that help a shopper buy and follow an order: delivery, returns, contact, a product,
  // the cart and the order pages (their icons, delivery methods, the contact message).
  help: /^routes[\\/]storefront[\\/](delivery|returns|contact|product|cart|back-in-stock|track-order|order-success|order-tracking|pay)\.tsx$/,
};

/** The storefront's shared file for `id`: its family's, or "storefront" for the rest. */
function sharedFile(id: string, ctx: ChunkingContext): string | null {
  if (!SHARED_CODE.test(id)) return null;
  const users = storefrontUsers(id, ctx);
  if (!users) return null;
  // The back office loads whichever file holds what it uses.
  const shop = [...users].filter((user) => !user.startsWith("routes/admin"));
  const family = Object.entries(FAMILIES).find(([, pages]) => shop.every((u) => pages.test(u)));
  return family?.[0] ?? "storefront";
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
  // What only one family of pages shares (FAMILIES) has a file of its own: the pages with product
  // cards, the order pages and the form pages each skip the others' code (about 1 KB each, 2026-11).
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
                  priority: 10,
                },
                // A group takes its modules' dependencies with it: the storefront's file first,
                // so the cards' file keeps only what the cards alone use.
                {
                  name: (id, ctx) => (sharedFile(id, ctx) === "storefront" ? "storefront" : null),
                  priority: 9,
                },
                ...Object.keys(FAMILIES).map((family, i) => ({
                  name: (id: string, ctx: ChunkingContext) =>
                    sharedFile(id, ctx) === family ? family : null,
                  priority: 8 - i,
                })),
              ],
            },
          },
        },
      },
    },
  },
  plugins: [inlineWords(import.meta.dirname), tailwindcss(), reactRouter()],
}));
