import { expect, test } from "vitest";
import { at, both, sym } from "./sketch";

test("paths are written from the centre line and can be mirrored", () => {
  expect(at("M10 20L30 40Z")).toBe("M490 20L510 40Z");
  expect(at("M10 20Q20 30 30 40", -1)).toBe("M470 20Q460 30 450 40");
  expect(both("M10 0L20 0")).toBe("M490 0L500 0M470 0L460 0");
});

test("a symmetric outline is its right half, then that half mirrored and run backwards", () => {
  expect(sym("M0 100L100 200C120 250 110 300 50 400")).toBe(
    "M480 100L580 200C600 250 590 300 530 400L430 400C370 300 360 250 380 200L480 100Z",
  );
});

test("numbers as JavaScript prints them (1e-14) are read as numbers", () => {
  expect(at(`M${0.1 + 0.2 - 0.3} 5L-1.4210854715202004e-14 9`)).toBe("M480 5L480 9");
});
