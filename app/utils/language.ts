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
