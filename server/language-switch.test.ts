import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listenLocally } from "../tests/setup/listen";
import { languageSwitch } from "./language-switch";

let base: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.get("/language/:language", languageSwitch);
  ({ base, close } = await listenLocally(app));
});
afterAll(() => close());

const follow = (language: string, path: string) =>
  fetch(`${base}/language/${language}?path=${encodeURIComponent(path)}`, { redirect: "manual" });

describe("the language switch", () => {
  test("sends the shopper to the same page and query in the language chosen, and remembers it", async () => {
    const toSw = await follow("sw", "/shop?category=dresses&sort=name");
    expect(toSw.status).toBe(303);
    expect(toSw.headers.get("location")).toBe("/sw/shop?category=dresses&sort=name");
    expect(toSw.headers.get("set-cookie")).toBe(
      "language=sw; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
    );
    const toEn = await follow("en", "/sw/product/101");
    expect(toEn.headers.get("location")).toBe("/product/101");
    expect(toEn.headers.get("set-cookie")).toMatch(/^language=en;/);
    expect((await follow("sw", "/")).headers.get("location")).toBe("/sw");
  });

  test("a language the shop does not speak is not found, with a sentence", async () => {
    const response = await follow("fr", "/shop");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("This shop speaks English (en) and Kiswahili (sw).");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  test("whatever path it is given, it only ever leads to a page of this shop", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("en", "sw"),
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.webUrl(),
          fc.constantFrom("//evil.example/x", "/\\evil.example", "/%2F%2Fevil", "https:evil"),
          fc.string({ minLength: 2001, maxLength: 2100 }).map((s) => `/${s}`),
        ),
        async (language, path) => {
          const response = await follow(language, path);
          expect(response.status).toBe(303);
          const location = response.headers.get("location") ?? "";
          expect(location).toMatch(/^\/(?![/\\])/);
          expect(new URL(location, "http://shop.test").origin).toBe("http://shop.test");
          expect(/^\/sw(\/|\?|$)/.test(location)).toBe(language === "sw");
        },
      ),
      { numRuns: 150 },
    );
  });
});
