// `npm run check:deps` (second half): each table is written by one module only. Flows and routes
// change tables by calling the owner's functions; a write anywhere else (a drizzle insert, update
// or delete, or the same in raw SQL) fails here with the file and line.
import { execSync } from "node:child_process";
import fs from "node:fs";

/** Each table (by its drizzle name and its SQL name) and the folder whose files alone write it. */
const OWNERS = {
  "app/modules/catalog/": ["products", "searchWords"],
  "app/modules/orders/": ["orders", "paymentAttempts", "refunds", "orderEvents"],
  "app/modules/messages/": ["messages"],
  "app/modules/health/": ["healthProbe"],
  "app/modules/inventory/": ["productStock", "stockMovements", "stockAlerts", "stockAlertNumbers"],
  "app/modules/cart/": ["carts", "cartLines"],
  "app/modules/discounts/": ["discountCodes", "discountUses"],
  "app/modules/auth/": ["user", "session", "account", "verification", "twoFactor", "rateLimit"],
  "app/modules/throttle/": ["throttleCounters"],
  "app/modules/audit/": ["auditEvents"],
  "app/db/meta.server.ts": ["appMeta"],
};
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const ownerOf = new Map();
for (const [owner, tables] of Object.entries(OWNERS)) {
  for (const t of tables) {
    ownerOf.set(t, owner);
    ownerOf.set(snake(t), owner);
  }
}

const files = execSync("git ls-files app server scripts", { encoding: "utf8" })
  .split("\n")
  .filter(
    (f) => /\.(ts|tsx|js)$/.test(f) && !/\.(test|spec)\./.test(f) && !f.includes("/migrations/"),
  );
const drizzleWrite = /\.(insert|update|delete)\(\s*(?:schema\.)?([A-Za-z]+)\b/g;
const sqlWrite = /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*)?"?([a-z_A-Z]+)"?/gi;

const wrong = [];
for (const file of files) {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  lines.forEach((line, i) => {
    for (const re of [drizzleWrite, sqlWrite]) {
      for (const [, , table] of line.matchAll(re)) {
        const owner = ownerOf.get(table);
        if (owner && !file.startsWith(owner)) {
          wrong.push(`${file}:${i + 1} writes ${table}, which only ${owner} writes`);
        }
      }
    }
  });
}
if (wrong.length > 0) {
  console.error(`Tables written outside their module:\n  ${wrong.join("\n  ")}`);
  process.exit(1);
}
console.log(`✔ every table is written by its own module (${files.length} files read)`);
