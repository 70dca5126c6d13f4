import { DICTIONARIES } from "~/i18n/messages";
import { CATEGORY_IDS } from "~/terms/categories";
import { LANGUAGES } from "~/utils/language";

/**
 * What a shop search means, before any SQL: the words that must each match, and for each word the
 * categories it names. The database adds the rest (word starts in stemmed full-text, trigram
 * similarity); see `listing.server.ts` and decisions 36 and 43.
 */
export type SearchWord = {
  /** Lower-cased, its letters and digits only (nothing else reaches a text-search query). */
  text: string;
  /** Categories whose name the word names ('kimonos', 'kids', 'masai'): all their products match. */
  categories: string[];
  /** Letters only, and long enough for a misspelling to be told from another word (trigrams). */
  fuzzy: boolean;
};

export type SearchTerms = {
  /** The whole query, lower-cased, as typed. */
  phrase: string;
  words: SearchWord[];
};

/** A word's letters and digits only: nothing else of a search reaches a text-search query. */
const lettersAndDigits = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, "");

/** Words that carry no meaning of their own in a multi-word search ('dress for kids'). */
const STOP_WORDS = new Set(["a", "an", "and", "&", "the", "for", "of", "in", "with", "to", "on"]);
const MAX_WORDS = 6;
const MIN_CATEGORY_WORD = 3;
const MIN_FUZZY_WORD = 4;

/** An English word's singular, by the rules shop words follow (dresses, kimonos, accessories). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(s|x|z|ch|sh)es$/.test(word) && word.length > 4) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Edits (insert, delete, substitute, swap two neighbours) between two short words, capped. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, cap);
}

/**
 * The words a category answers to: its names' in both languages and its id's, and their
 * singulars (a search in Kiswahili finds the category as one in English does).
 */
const CATEGORY_WORDS: [string, Set<string>][] = CATEGORY_IDS.map((id) => {
  const names = LANGUAGES.map((language) => DICTIONARIES[language].categoryNames[id] ?? "");
  const words = `${names.join(" ")} ${id} ${id.replaceAll("-", "")}`
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= MIN_CATEGORY_WORD);
  return [id, new Set(words.flatMap((w) => [w, singular(w)]))];
});

/** Whether a typed word names a category word: same singular, or one slip away in a long word. */
function names(word: string, categoryWord: string): boolean {
  const a = singular(word);
  const b = singular(categoryWord);
  if (a === b) return true;
  if (a.length >= 5 && b.startsWith(a)) return true;
  return a.length >= 5 && editDistance(a, b, 2) <= 1;
}

/** The categories a word names (none for words under three letters). */
export function categoriesNamedBy(word: string): string[] {
  if (word.length < MIN_CATEGORY_WORD) return [];
  return CATEGORY_WORDS.filter(([, words]) => [...words].some((w) => names(word, w))).map(
    ([id]) => id,
  );
}

/**
 * Splits a search box's text into what must match; null when there is nothing to search for. A
 * search of punctuation only has no words, and matches nothing.
 */
export function searchTerms(q: string): SearchTerms | null {
  const phrase = q.trim().toLowerCase();
  if (!phrase) return null;
  // Split at anything but a letter or a digit, as the catalogue's text is ('A-Line' is 'a' and
  // 'line'): punctuation never reaches a query, and a hyphenated name still finds itself.
  const all = phrase.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w));
  const words = [...new Set(meaningful.length ? meaningful : all)].slice(0, MAX_WORDS);
  return {
    phrase,
    words: words.map((text) => ({
      text,
      categories: categoriesNamedBy(text),
      // A word with a digit in it (a size, a code, 'xl2') is meant as typed: the catalogue's
      // vocabulary holds words of letters only, so it would always be 'corrected' to another.
      fuzzy: text.length >= MIN_FUZZY_WORD && /^\p{L}+$/u.test(text),
    })),
  };
}

/**
 * A PostgreSQL text-search query (for `to_tsquery('english', ...)`) in which every word must
 * match, any of its spellings will do, and a spelling is a whole word, stemmed ('print' finds
 * 'printed'), or, ending in `*`, the start of a word ('ki*' finds 'kimono'); `weight` 'A' asks
 * for the words in the name. Built of letters, digits and the query's own operators only.
 */
export function wordsQuery(spellings: readonly (readonly string[])[], weight: "" | "A" = "") {
  return spellings
    .map((alternatives) => {
      const each = alternatives
        .map((w) => ({ word: lettersAndDigits(w), prefix: w.endsWith("*") }))
        .filter(({ word }) => word)
        .map(({ word, prefix }) =>
          prefix || weight ? `${word}:${prefix ? "*" : ""}${weight}` : word,
        );
      return each.length > 1 ? `(${each.join(" | ")})` : (each[0] ?? "");
    })
    .filter(Boolean)
    .join(" & ");
}

/** Letter triples of a word, padded as pg_trgm pads them, for a similarity that suits typos. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * The category whose name is nearest to a search that found nothing, for the empty state's
 * suggestion; null when no category is anywhere near.
 */
export function closestCategory(
  q: string,
  offered: readonly string[] = CATEGORY_IDS,
): string | null {
  const words = searchTerms(q)?.words.map((w) => singular(w.text)) ?? [];
  let best: { id: string; score: number } | null = null;
  for (const [id, categoryWords] of CATEGORY_WORDS) {
    if (!offered.includes(id)) continue;
    for (const word of words)
      for (const candidate of categoryWords) {
        const score = similarity(word, candidate);
        if (!best || score > best.score) best = { id, score };
      }
  }
  return best && best.score >= 0.2 ? best.id : null;
}
