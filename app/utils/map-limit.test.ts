import { expect, test } from "vitest";
import { mapLimit } from "./map-limit";

test("keeps the items' order and never runs more than the limit at once", async () => {
  let running = 0;
  let most = 0;
  const results = await mapLimit([30, 5, 20, 1, 10, 2], 3, async (ms) => {
    running++;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    running--;
    return ms * 2;
  });
  expect(results).toEqual([60, 10, 40, 2, 20, 4]);
  expect(most).toBe(3);
});

test("an empty list gives an empty result", async () => {
  expect(await mapLimit([], 4, async () => 1)).toEqual([]);
});
