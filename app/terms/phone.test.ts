import { expect, test } from "vitest";
import { readablePhone } from "./phone";

test("a stored number reads as people write it; anything else stays as it is", () => {
  expect(readablePhone("254712345678")).toBe("0712 345 678");
  expect(readablePhone("254112345678")).toBe("0112 345 678");
  expect(readablePhone("0712345678")).toBe("0712345678");
  expect(readablePhone("")).toBe("");
});
