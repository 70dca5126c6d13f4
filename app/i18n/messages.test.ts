import { afterEach, describe, expect, it } from "vitest";
import { CATEGORY_IDS, groupsWithMore } from "~/terms/categories";
import { LANGUAGES, type Language } from "~/utils/language";
import { DICTIONARIES, KEYS, languageFrom, msg } from "./messages";

const { en, sw } = DICTIONARIES;

describe("the storefront's words", () => {
  afterEach(() => languageFrom(() => "en"));

  it("every key exists in both languages, of the same kind, and none is left empty", () => {
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
    for (const key of KEYS) {
      for (const language of LANGUAGES) {
        const word = DICTIONARIES[language][key];
        expect(typeof word, `${language} ${key}`).toBe(typeof en[key]);
        if (typeof word === "function") {
          expect(word.length, `${language} ${key}`).toBe((en[key] as () => string).length);
        } else if (typeof word === "string" && key !== "pathPrefix") {
          expect(word.trim(), `${language} ${key}`).not.toBe("");
        }
      }
    }
  });

  it("English lives at the specification's paths, Kiswahili under /sw", () => {
    expect(en.pathPrefix).toBe("");
    expect(sw.pathPrefix).toBe("/sw");
    expect([en.htmlLang, sw.htmlLang]).toEqual(["en-KE", "sw-KE"]);
    expect([en.otherLanguage, sw.otherLanguage]).toEqual(["sw", "en"]);
  });

  it("Kiswahili says each thing in its own words, apart from names kept as they are", () => {
    const same = KEYS.filter((key) => typeof en[key] === "string" && en[key] === sw[key]);
    expect(same).toEqual([]);
  });

  it("Kiswahili names every category and group (English names the regular ones from their ids)", () => {
    for (const id of ["all", ...CATEGORY_IDS]) {
      expect(sw.categoryNames[id], id).toBeTruthy();
    }
    languageFrom(() => "sw");
    for (const group of groupsWithMore()) expect(group.name).toBe(sw.categoryGroups[group.id]);
    languageFrom(() => "en");
    expect(groupsWithMore().map((g) => g.name)).toContain("Women's Fashion");
  });

  it("reads the words of the language it is told", () => {
    let language: Language = "en";
    languageFrom(() => language);
    expect(msg.navShop).toBe("Shop");
    expect(msg.footerRights(2026, "Amani Prints")).toBe(
      "© 2026 Amani Prints. All rights reserved.",
    );
    language = "sw";
    expect(msg.navShop).toBe("Duka");
    expect(msg.navHome).toBe("Nyumbani");
    expect(msg.footerRights(2026, "Amani Prints")).toBe(
      "© 2026 Amani Prints. Haki zote zimehifadhiwa.",
    );
  });
});
