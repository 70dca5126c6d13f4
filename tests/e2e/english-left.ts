import type { Page } from "@playwright/test";
import * as en from "../../app/i18n/en";
import * as sw from "../../app/i18n/sw";
import { expect } from "./fixtures";

// What a Kiswahili page must not show: every plain English word of the storefront (en.ts) that
// Kiswahili says otherwise. The shop's, its products', people's and places' names are not words
// of en.ts, so they may show.

type Word =
  | string
  | boolean
  | readonly Word[]
  | { readonly [key: string]: Word }
  | ((...a: never[]) => string);
const plain = (word: Word): string[] =>
  typeof word === "string"
    ? [word]
    : typeof word === "function" || typeof word === "boolean"
      ? []
      : Array.isArray(word)
        ? word.flatMap(plain)
        : Object.values(word as Record<string, Word>).flatMap(plain);

const kiswahili = new Set(Object.values(sw).flatMap((w) => plain(w as Word)));
export const ENGLISH = [...new Set(Object.values(en).flatMap((w) => plain(w as Word)))].filter(
  // Paths and language codes are not words a shopper reads.
  (word) => word.trim().length >= 4 && !kiswahili.has(word) && !/^[/a-z-]*$/.test(word),
);

/** No English word of the storefront is on the page, nor in its title or its elements' names. */
export async function expectNoEnglish(page: Page, label: string) {
  const names = await page
    .locator("[aria-label]")
    .evaluateAll((elements) => elements.map((e) => e.getAttribute("aria-label")).join("\n"));
  const text = `${await page.title()}\n${await page.locator("body").innerText()}\n${names}`;
  const left = ENGLISH.filter((word) => text.includes(word.trim()));
  expect(left, `English left on ${label}`).toEqual([]);
}
