import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  test("keeps a path of the shop, with its query and fragment", () => {
    expect(safeReturnPath("/cart", "/")).toBe("/cart");
    expect(safeReturnPath("/shop?category=dresses&page=2", "/")).toBe(
      "/shop?category=dresses&page=2",
    );
    expect(safeReturnPath("/product/101#sizes", "/")).toBe("/product/101#sizes");
  });

  test.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/.//evil.example",
    "/x/..//evil.example",
    "/./\\evil.example",
    "/%2e//evil.example",
    "\\/evil.example",
    "https://evil.example/cart",
    "javascript:alert(1)",
    "cart",
    "",
  ])("refuses %j, which a browser would not keep on this shop", (value) => {
    expect(safeReturnPath(value, "/cart")).toBe("/cart");
  });

  test("whatever is given, the answer is a path a browser keeps on this shop", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "\t",
      "evil.example",
      "cart",
      "?",
      "#",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.string(), (pieces, tail) => {
        const answer = safeReturnPath(pieces.join("") + tail, "/cart");
        // Followed as a Location from the shop, it stays on the shop.
        expect(new URL(answer, "https://shop.example").origin).toBe("https://shop.example");
        expect(answer.startsWith("/") && !answer.startsWith("//")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test("a value that is not text falls back", () => {
    expect(safeReturnPath(null, "/cart")).toBe("/cart");
    expect(safeReturnPath(new File([], "x"), "/cart")).toBe("/cart");
  });
});
