import { describe, expect, test } from "vitest";
import { containsNul } from "./nul";

describe("containsNul", () => {
  test("finds a NUL in a string, a key or a nested value", () => {
    expect(containsNul("a\0b")).toBe(true);
    expect(containsNul({ data: { checkoutData: { name: "Wanjiru\0" } } })).toBe(true);
    expect(containsNul({ "k\0": 1 })).toBe(true);
    expect(containsNul([1, [2, ["\0"]]])).toBe(true);
  });

  test("passes text without one, including an escaped backslash-u sequence", () => {
    expect(containsNul("Wanjiru Kamau")).toBe(false);
    expect(containsNul(JSON.parse('{"a":"\\\\u0000","b":[1,true,null]}'))).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });

  test("a deeply nested value does not overflow the stack", () => {
    let deep: unknown = "\0";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });
});
