import { describe, expect, test } from "vitest";
import { formatKsh } from "./money";

describe("formatKsh", () => {
  test.each([
    [2500, "KSh 2,500"],
    [600, "KSh 600"],
    [0, "KSh 0"],
    [1234567, "KSh 1,234,567"],
  ])("%i shillings read %s", (amount, text) => {
    expect(formatKsh(amount)).toBe(text);
  });
});
