import { expect, test } from "vitest";
import { SIZE_SETS, sizeSetFor } from "./sizes";

test("the size sets are the spec's", () => {
  expect(SIZE_SETS).toEqual({
    kids: ["2T", "3T", "4T", "5T", "6", "7", "8"],
    adult: ["S", "M", "L", "XL", "XXL"],
    oneSize: ["One Size"],
    mensShoes: ["40", "41", "42", "43", "44", "45"],
    womensSandals: ["36", "37", "38", "39", "40", "41"],
  });
});

test("accessories and shukas carry no sizes; kids, shoes and clothes carry theirs", () => {
  expect(sizeSetFor("accessories")).toBeNull();
  expect(sizeSetFor("masaai-shukas")).toBeNull();
  expect(sizeSetFor("kids-wear")).toBe("kids");
  expect([sizeSetFor("sandals", 0), sizeSetFor("sandals", 1)].sort()).toEqual([
    "mensShoes",
    "womensSandals",
  ]);
  expect(sizeSetFor("dresses")).toBe("adult");
});
