import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { GARMENTS, type GarmentKind } from "./garments/kinds";
import { samplePhotoSvg } from "./sample-photo";

/** The photo rasterised small (240x300), as its pixels. */
async function pixels(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg), { density: 18 })
    .resize(240, 300)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { at, width: info.width, height: info.height };
}

const near = (a: number[], b: number[], tolerance = 10) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/** How much of the photo is not backdrop, and whether its left and right edges are backdrop. */
async function framing(svg: string) {
  const { at, width, height } = await pixels(svg);
  const backdrop = at(1, 1);
  let covered = 0;
  let edgesPlain = true;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const plain = near(at(x, y), backdrop);
      if (!plain) covered++;
      if ((x < 6 || x >= width - 6) && !plain) edgesPlain = false;
    }
  }
  return { covered: covered / (width * height), edgesPlain };
}

describe("every garment's photo", () => {
  const kinds = Object.keys(GARMENTS) as GarmentKind[];
  test.each(kinds)("%s stands whole on a plain backdrop and fills the frame", async (kind) => {
    const front = await framing(samplePhotoSvg("137-0", kind, "front"));
    // A head wrap is shown worn, on a bust that runs off the photo like a portrait.
    if (kind === "head-wrap") return expect(front.covered).toBeGreaterThan(0.3);
    expect(front.edgesPlain).toBe(true);
    expect(front.covered).toBeGreaterThan(0.2);
    expect(front.covered).toBeLessThan(0.92);
  });
});

test("the same product draws the same photo", () => {
  expect(samplePhotoSvg("101-0", "dress", "front")).toBe(samplePhotoSvg("101-0", "dress", "front"));
  expect(samplePhotoSvg("102-0", "dress", "front")).not.toBe(
    samplePhotoSvg("101-0", "dress", "front"),
  );
});

test("neighbouring products wear different prints", () => {
  const prints = new Set(
    Array.from(
      { length: 8 },
      (_, i) => samplePhotoSvg(`${140 + i}-0`, "dress", "front").match(/<g id="print".*?<\/g>/)![0],
    ),
  );
  expect(prints.size).toBe(8);
});

test("a shuka is checked", () => {
  expect(samplePhotoSvg("150-0", "shuka", "front")).toMatch(/<g id="print"[^>]*><rect width/);
  const content = samplePhotoSvg("150-0", "shuka", "front").match(/<g id="print".*?<\/g>/)![0];
  // The checks' see-through bands, across and down.
  expect(content.match(/opacity="0.7"/g)!.length).toBeGreaterThan(6);
});

test("the detail photo looks closer at the same garment", async () => {
  const front = samplePhotoSvg("120-0", "shirt", "front");
  const detail = samplePhotoSvg("120-0", "shirt", "detail");
  const width = (svg: string) => Number(svg.match(/viewBox="[-\d.]+ [-\d.]+ ([\d.]+)/)![1]);
  expect(width(detail)).toBeLessThan(width(front) * 0.75);
  expect(detail.match(/<g id="print".*?<\/g>/)![0]).toBe(front.match(/<g id="print".*?<\/g>/)![0]);
  // Close enough that the garment fills the photo.
  expect((await framing(detail)).covered).toBeGreaterThan(0.6);
});
