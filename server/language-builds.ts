import fs from "node:fs";
import type { ServerBuild } from "react-router";
import type { Language } from "~/utils/language";

/** Where `npm run build` leaves the Kiswahili client build's route manifest (merge-language-builds.js). */
const SW_MANIFEST = "build/server/manifest-sw.json";

/**
 * The server build for each language (decision 54). One server renders both: its words follow the
 * request (`request-language.ts`). Pages under `/sw` are answered with React Router's basename
 * `/sw`, so their links, forms and redirects stay under it, and with the Kiswahili client build's
 * manifest, so they load the scripts that carry Kiswahili words. In development one client serves
 * both languages (it looks its words up by the page's path).
 */
export function languageBuilds(
  english: () => Promise<ServerBuild>,
  production: boolean,
): Record<Language, () => Promise<ServerBuild>> {
  let swAssets: ServerBuild["assets"] | undefined;
  const kiswahili = new WeakMap<ServerBuild, ServerBuild>();
  return {
    en: english,
    async sw() {
      const build = await english();
      let sw = kiswahili.get(build);
      if (!sw) {
        swAssets ??= production ? JSON.parse(fs.readFileSync(SW_MANIFEST, "utf8")) : build.assets;
        sw = { ...build, basename: "/sw", assets: swAssets ?? build.assets };
        kiswahili.set(build, sw);
      }
      return sw;
    },
  };
}

/**
 * Paths under `/sw` that only exist in English: the back office, the APIs and the files the
 * server makes. Under `/sw` they are not found, in Kiswahili.
 */
export const ENGLISH_ONLY =
  /^\/sw\/(admin|login|api|healthz|media|sitemap\.xml|robots\.txt)(\/|\.|$)/i;
