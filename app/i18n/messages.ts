import { type Language, pathLanguage } from "~/utils/language";
import * as en from "./en";
import * as sw from "./sw";

/** The words of one language: English's keys, each a string or a function as English has it. */
export type Words = {
  [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

// Kiswahili must have every English key, of the same kind: this line does not compile otherwise.
const DICTIONARIES: Record<Language, Words> = { en, sw };

/**
 * Which language the words are in now. In the browser, the page's own (its path); on the server,
 * the request's, once the server has said how to know it (`languageFrom`).
 */
let current: () => Language = () =>
  typeof location === "undefined" ? "en" : pathLanguage(location.pathname);

/** The server's way of knowing the language of the request being answered. */
export function languageFrom(source: () => Language) {
  current = source;
}

/**
 * The storefront's words in the language of the page being rendered: `msg.navHome`,
 * `msg.footerRights(year, shop)`. A built page's script has its own language's words written in
 * (`inline-words.ts`); this lookup serves the server, development and tests.
 */
export const msg: Words = new Proxy({} as Words, {
  get: (_, key) => DICTIONARIES[current()][key as keyof Words],
});

/** Every key, for the tests that hold both languages to the same words. */
export const KEYS = Object.keys(en) as (keyof Words)[];
export { DICTIONARIES };
