import { describe, expect, test } from "vitest";
import { pageNumber } from "./page-number";

describe("pageNumber", () => {
  test.each([
    [null, 1],
    ["", 1],
    ["3", 3],
    ["0", 1],
    ["-4", 1],
    ["2.9", 2],
    ["abc", 1],
    ["99999999", 10_000],
  ])("%j gives %d", (value, page) => {
    expect(pageNumber(value)).toBe(page);
  });

  test("takes its own cap", () => {
    expect(pageNumber("500", 100)).toBe(100);
  });
});
