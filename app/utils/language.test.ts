import { describe, expect, it } from "vitest";
import { isLanguage, pathLanguage } from "./language";

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
