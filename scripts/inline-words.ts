import fs from "node:fs";
import path from "node:path";
import { type Plugin, parseAst } from "vite";

/** How storefront code reads its words: `import { msg } from "~/i18n/messages";`. */
const IMPORT = /import\s*\{\s*msg\s*\}\s*from\s*["']~\/i18n\/messages["'];?\n?/;
const USE = /\bmsg\.([A-Za-z_$][\w$]*)/g;

/**
 * Each word's value as written in a words file (`export const navShop = "Shop";`), by name. The
 * files have no imports and each value stands alone, so it can be copied where it is used.
 */
export function wordsSource(file: string): Map<string, string> {
  const code = fs.readFileSync(file, "utf8");
  const words = new Map<string, string>();
  for (const statement of parseAst(code, { lang: "ts" }).body) {
    if (statement.type !== "ExportNamedDeclaration") continue;
    if (statement.declaration?.type !== "VariableDeclaration") continue;
    for (const { id, init } of statement.declaration.declarations) {
      if (id.type === "Identifier" && init) words.set(id.name, code.slice(init.start, init.end));
    }
  }
  return words;
}

/**
 * Writes the storefront's words into the pages of a client build, in one language (decision 53):
 * `msg.navShop` becomes `"Shop"` as if it had been typed there, and a word that takes values
 * becomes its function, written in place (`msg.showingProducts(total)`). Each page's script so
 * carries its own language's words and only those it uses, with no lookup and nothing shared
 * between pages that only some of them use. The server and development keep `msg`'s lookup by
 * the request's language.
 */
export function inlineWords(root: string, language = process.env.SHOP_LANGUAGE ?? "en"): Plugin {
  const file = path.join(root, "app", "i18n", `${language}.ts`);
  let words = new Map<string, string>();
  return {
    name: "shop:inline-words",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      words = wordsSource(file);
      this.addWatchFile?.(file);
    },
    transform(code) {
      if (!IMPORT.test(code)) return null;
      const inlined = code.replace(IMPORT, "").replace(USE, (_, key: string) => {
        const value = words.get(key);
        if (value === undefined) throw new Error(`No word "${key}" in ${file}.`);
        return /^("[^"\\]*"|'[^'\\]*')$/.test(value) ? value : `(${value})`;
      });
      return { code: inlined, map: null };
    },
  };
}
