import { describe, expect, it } from "vitest";
import { productImageKey } from "./image-keys";
import { assertSafeKey } from "./storage.server";

describe("productImageKey", () => {
  it("follows products/{category}/{timestamp}_{name}", () => {
    expect(productImageKey("dresses", "Ankara Maxi.JPG", 1700000000000)).toBe(
      "products/dresses/1700000000000_ankara-maxi",
    );
  });

  it("never produces a key that could leave the media folder", () => {
    for (const name of ["../../etc/passwd", "..", "ñandú café.png", "", ".png", "a//b.webp"]) {
      const key = productImageKey("kids-wear", name, 1);
      expect(() => assertSafeKey(key)).not.toThrow();
      expect(key.startsWith("products/kids-wear/1_")).toBe(true);
    }
  });
});
