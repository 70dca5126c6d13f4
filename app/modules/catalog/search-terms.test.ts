import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  categoriesNamedBy,
  closestCategory,
  editDistance,
  searchTerms,
  singular,
  wordsQuery,
} from "./search-terms";

describe("singular", () => {
  test.each([
    ["dresses", "dress"],
    ["kimonos", "kimono"],
    ["accessories", "accessory"],
    ["kids", "kid"],
    ["dress", "dress"],
    ["shukas", "shuka"],
    ["bus", "bus"],
  ])("%s -> %s", (word, expected) => expect(singular(word)).toBe(expected));
});

describe("editDistance", () => {
  test("counts one insertion, one substitution and one swap as one edit each", () => {
    expect(editDistance("masai", "maasai")).toBe(1);
    expect(editDistance("kitengi", "kitenge")).toBe(1);
    expect(editDistance("kimnoo", "kimono")).toBe(1);
    expect(editDistance("dress", "dress")).toBe(0);
    expect(editDistance("abc", "xyz")).toBe(3);
  });
});

describe("categoriesNamedBy", () => {
  test("a category's name, plural or singular, names it", () => {
    expect(categoriesNamedBy("kimonos")).toEqual(["kimonos"]);
    expect(categoriesNamedBy("kimono")).toEqual(["kimonos"]);
    expect(categoriesNamedBy("dress")).toEqual(["dresses"]);
    expect(categoriesNamedBy("kids")).toEqual(["kids-wear"]);
    expect(categoriesNamedBy("shoes")).toEqual(["sandals"]);
    // Kiswahili names find their categories too.
    expect(categoriesNamedBy("magauni")).toEqual(["dresses"]);
    expect(categoriesNamedBy("suruali")).toEqual(["trousers"]);
  });

  test("a small misspelling of a long name still names it", () => {
    expect(categoriesNamedBy("masai")).toEqual(["masaai-shukas"]);
    expect(categoriesNamedBy("maasai")).toEqual(["masaai-shukas"]);
    expect(categoriesNamedBy("jumpsiut")).toEqual(["jumpsuits"]);
  });

  test("short words and other words name nothing", () => {
    expect(categoriesNamedBy("ki")).toEqual([]);
    expect(categoriesNamedBy("ankara")).toEqual([]);
    expect(categoriesNamedBy("print")).toEqual([]);
  });
});

describe("searchTerms", () => {
  test("nothing to search for is null", () => {
    expect(searchTerms("")).toBeNull();
    expect(searchTerms("   ")).toBeNull();
  });

  test("every word must match; filler words are dropped unless they are all there is", () => {
    const terms = searchTerms("Ankara  dress for KIDS")!;
    expect(terms.phrase).toBe("ankara  dress for kids");
    expect(terms.words.map((w) => w.text)).toEqual(["ankara", "dress", "kids"]);
    expect(terms.words.map((w) => w.categories)).toEqual([[], ["dresses"], ["kids-wear"]]);
    expect(searchTerms("the")!.words.map((w) => w.text)).toEqual(["the"]);
  });

  test("a word is its letters and digits: punctuation never reaches a query", () => {
    expect(searchTerms("kids' dress!")!.words.map((w) => w.text)).toEqual(["kids", "dress"]);
    expect(searchTerms("'; drop table products; --")!.words.map((w) => w.text)).toEqual([
      "drop",
      "table",
      "products",
    ]);
    expect(searchTerms("!&|():*")!.words).toEqual([]);
    // A hyphenated name is searched as the catalogue's text is split: 'a' (ignored) and 'line'.
    expect(searchTerms("Kilifi Shweshwe A-Line Dress")!.words.map((w) => w.text)).toEqual([
      "kilifi",
      "shweshwe",
      "line",
      "dress",
    ]);
  });

  test("only words of four letters or more allow a misspelling", () => {
    const terms = searchTerms("kitengi top")!;
    expect(terms.words.map((w) => w.fuzzy)).toEqual([true, false]);
  });

  test("a word with a digit in it is searched as typed, never corrected to another", () => {
    const terms = searchTerms("kitenge mwycemv5 size12")!;
    expect(terms.words.map((w) => w.fuzzy)).toEqual([true, false, false]);
  });
});

describe("closestCategory", () => {
  test("names the category nearest to a search that found nothing", () => {
    expect(closestCategory("kimonoz")).toBe("kimonos");
    expect(closestCategory("jumpsute")).toBe("jumpsuits");
    expect(closestCategory("sandal straps")).toBe("sandals");
  });

  test("offers only the categories given, and nothing when nothing is near", () => {
    expect(closestCategory("homedecor", ["dresses", "kimonos"])).not.toBe("homedecor");
    expect(closestCategory("qqqq")).toBeNull();
  });
});

describe("wordsQuery", () => {
  test("every word must match, any of its spellings, whole or as a word's start", () => {
    expect(wordsQuery([["red*"], ["dress"]])).toBe("red:* & dress");
    expect(wordsQuery([["kitengi", "kitenge"], ["top*"]])).toBe("(kitengi | kitenge) & top:*");
  });

  test("weight A asks for the words in the name", () => {
    expect(wordsQuery([["ankara"], ["dress*"]], "A")).toBe("ankara:A & dress:*A");
  });

  test("whatever the words, the query holds only letters, digits and its own operators", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { maxLength: 3 }), { maxLength: 6 }), (words) => {
        const query = wordsQuery(words);
        expect(query).toMatch(/^[\p{L}\p{N}:*A|&() ]*$/u);
        // Every group is closed and no operator is left dangling.
        expect(query).not.toMatch(/^ *[&|]|[&|] *$|\(\)|& &/);
      }),
    );
  });
});
