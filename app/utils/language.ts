/**
 * The shop's languages: English at the specification's paths, Kiswahili under `/sw` (decision
 * 51). The back office stays in English.
 */
export const LANGUAGES = ["en", "sw"] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  LANGUAGES.includes(value as Language);

/** The language a storefront path is in: Kiswahili under `/sw`, English elsewhere. */
export const pathLanguage = (pathname: string): Language =>
  /^\/sw(\/|$)/.test(pathname) ? "sw" : "en";

/** The cookie that remembers the shopper's choice of language (set by the language switch). */
export const LANGUAGE_COOKIE = "language";

/** `path` (a path and query, in either language) as the same page in `language`. */
export function pathIn(language: Language, path: string): string {
  const [, pathname = "/", rest = ""] = /^([^?#]*)(.*)$/s.exec(path) ?? [];
  const english = pathname.replace(/^\/sw(?=\/|$)/, "") || "/";
  if (language === "en") return english + rest;
  return (english === "/" ? "/sw" : `/sw${english}`) + rest;
}

/**
 * Where the language switch leads: the server remembers the choice and sends the shopper to the
 * same page (path and query) in that language.
 */
export const switchHref = (language: Language, path: string) =>
  `/language/${language}?path=${encodeURIComponent(path)}`;

/**
 * The shop's language an `Accept-Language` header prefers, if it names either: the one with the
 * higher weight, the earlier on a tie (`sw-KE,sw;q=0.9,en;q=0.8` prefers Kiswahili).
 */
export function preferredLanguage(header: string | null | undefined): Language | null {
  let best: { language: Language; weight: number } | null = null;
  for (const part of (header ?? "").slice(0, 500).split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const language = tag.trim().toLowerCase().split("-")[0];
    if (!isLanguage(language)) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (!(weight > 0)) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? null;
}

/**
 * The other language to offer on a home page in `language`: the one the shopper chose before (the
 * cookie), or, before any choice, the one their browser prefers. Never a redirect: the page they
 * asked for is the page they get, with the offer on it.
 */
export function languageToOffer(
  language: Language,
  headers: { cookie?: string | null; acceptLanguage?: string | null },
): Language | null {
  const chosen = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]+)`).exec(
    headers.cookie ?? "",
  )?.[1];
  const wanted = isLanguage(chosen) ? chosen : preferredLanguage(headers.acceptLanguage);
  return wanted && wanted !== language ? wanted : null;
}
