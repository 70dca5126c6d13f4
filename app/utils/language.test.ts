import { describe, expect, it } from "vitest";
import {
  isLanguage,
  languageToOffer,
  pathIn,
  pathLanguage,
  preferredLanguage,
  switchHref,
} from "./language";

describe("languages", () => {
  it("a path under /sw is Kiswahili; every other path English", () => {
    expect(pathLanguage("/sw")).toBe("sw");
    expect(pathLanguage("/sw/shop")).toBe("sw");
    expect(pathLanguage("/sw/product/101")).toBe("sw");
    expect(pathLanguage("/")).toBe("en");
    expect(pathLanguage("/swahili")).toBe("en");
    expect(pathLanguage("/shop/sw")).toBe("en");
  });

  it("only the shop's own languages are languages", () => {
    expect(isLanguage("sw")).toBe(true);
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("fr")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe("the same page in the other language", () => {
  it("adds or removes /sw and keeps the query", () => {
    expect(pathIn("sw", "/")).toBe("/sw");
    expect(pathIn("sw", "/shop?category=dresses&sort=name")).toBe(
      "/sw/shop?category=dresses&sort=name",
    );
    expect(pathIn("sw", "/?q=1")).toBe("/sw?q=1");
    expect(pathIn("en", "/sw")).toBe("/");
    expect(pathIn("en", "/sw/product/101")).toBe("/product/101");
    expect(pathIn("en", "/sw?x=1")).toBe("/?x=1");
    expect(pathIn("sw", "/sw/shop")).toBe("/sw/shop");
    expect(pathIn("en", "/swahili")).toBe("/swahili");
  });

  it("the switch's address carries the page, encoded", () => {
    expect(switchHref("sw", "/shop?category=dresses")).toBe(
      "/language/sw?path=%2Fshop%3Fcategory%3Ddresses",
    );
  });
});

describe("the language a browser prefers", () => {
  it("weighs the shop's two languages by q, the earlier on a tie", () => {
    expect(preferredLanguage("sw-KE,sw;q=0.9,en;q=0.8")).toBe("sw");
    expect(preferredLanguage("en-GB,en;q=0.9,sw;q=0.8")).toBe("en");
    expect(preferredLanguage("fr-FR, sw;q=0.5, en;q=0.7")).toBe("en");
    expect(preferredLanguage("fr, SW")).toBe("sw");
    expect(preferredLanguage("en;q=0, sw;q=0.1")).toBe("sw");
    expect(preferredLanguage("fr, de")).toBe(null);
    expect(preferredLanguage(undefined)).toBe(null);
  });

  it("offers the other language: the cookie's choice first, then the browser's wish", () => {
    expect(languageToOffer("en", { acceptLanguage: "sw,en;q=0.5" })).toBe("sw");
    expect(languageToOffer("en", { acceptLanguage: "en,sw;q=0.5" })).toBe(null);
    expect(languageToOffer("en", { cookie: "language=en", acceptLanguage: "sw" })).toBe(null);
    expect(languageToOffer("en", { cookie: "cart=1; language=sw" })).toBe("sw");
    expect(languageToOffer("sw", { cookie: "language=sw", acceptLanguage: "en" })).toBe(null);
    expect(languageToOffer("sw", { acceptLanguage: "en-US" })).toBe("en");
    expect(languageToOffer("en", { cookie: "xlanguage=sw" })).toBe(null);
  });
});
