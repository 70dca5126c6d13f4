import sharp from "sharp";
import { expect, test } from "vitest";
import { sampleCatalogue } from "./sample-catalogue";
import { sampleImageSvg } from "./sample-images";

const print = (svg: string) => svg.match(/<g id="print".*?<\/g>/)?.[0];

async function grey(svg: string) {
  return sharp(Buffer.from(svg), { density: 18 }).resize(120, 150).greyscale().raw().toBuffer();
}

/**
 * Whether the photo's top corners show its plain backdrop (the colour it is drawn on), as a
 * garment laid on it or standing before it does, and a swatch of print filling the frame does not.
 */
async function cornersPlain(svg: string) {
  const backdrop = svg.match(
    /<rect x="-\d+" y="-\d+" width="\d+" height="\d+" fill="#(\w{6})"/,
  )![1]!;
  const expected = [0, 2, 4].map((i) => Number.parseInt(backdrop.slice(i, i + 2), 16));
  const { data } = await sharp(Buffer.from(svg), { density: 18 })
    .resize(120, 150)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const [x0, y0] of [
    [0, 0],
    [110, 0],
  ]) {
    for (let y = y0!; y < y0! + 10; y++)
      for (let x = x0!; x < x0! + 10; x++)
        for (let c = 0; c < 3; c++)
          if (Math.abs(data[(y * 120 + x) * 3 + c]! - expected[c]!) > 8) return false;
  }
  return true;
}

// One product of each category that has a second photo.
const withSecondPhoto = [
  ...new Map(
    sampleCatalogue()
      .filter((p) => p.imageCount >= 2)
      .map((p) => [p.category, p] as const),
  ).values(),
];

test("sample products of most categories have a second photo", () => {
  expect(withSecondPhoto.length).toBeGreaterThanOrEqual(10);
});

test.each(withSecondPhoto.map((p) => [p.category, p] as const))(
  "a %s's second photo shows the same piece from another view, not a swatch of its print",
  async (_, product) => {
    const first = sampleImageSvg(product, 0);
    const second = sampleImageSvg(product, 1);
    expect(print(second)).toBeDefined();
    expect(print(second)).toBe(print(first));
    // A swatch fills the frame with print; a garment lies on a plain backdrop.
    expect(await cornersPlain(second)).toBe(true);
    // And it is not the first photo again.
    const [a, b] = await Promise.all([grey(first), grey(second)]);
    let changed = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 24) changed++;
    expect(changed / a.length).toBeGreaterThan(0.05);
  },
);

test("a swatch of print would fail that check", async () => {
  const product = withSecondPhoto[0]!;
  const photo = sampleImageSvg(product, 0);
  // The photo's own backdrop, then its print over the whole frame.
  const swatch = photo
    .replace(/(<rect x="-\d+"[^>]*\/>).*<\/svg>$/, `$1<use href="#print"/></svg>`)
    .replace(/viewBox="[^"]*"/, 'viewBox="0 0 480 600"');
  expect(await cornersPlain(photo)).toBe(true);
  expect(await cornersPlain(swatch)).toBe(false);
});
