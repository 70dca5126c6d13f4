/**
 * The sample catalogue's product photos: a garment cut from its print, laid flat on a plain
 * backdrop with a soft shadow, as a small shop photographs its pieces. The second photo shows the
 * same piece worn (on a dress form, or on a mannequin bust) or from another side, the third a
 * close look at its details. A plain backdrop and broad shapes keep the encoded files small.
 */
import { MOTIFS, type PrintMotif, printPattern, randomFrom } from "./african-print";
import { dressForm } from "./garments/dress-form";
import { GARMENTS, type GarmentKind } from "./garments/kinds";
import { HEIGHT, Sketch, WIDTH } from "./garments/sketch";

export type PhotoView = "front" | "back" | "detail";

const BACKDROPS = ["#f4eee6", "#efe8df", "#ece9e3", "#f2e9e3", "#e8ece7"];
/**
 * How much larger than the brand's prints each motif is drawn on a garment: the busiest (rings,
 * nested diamonds) most, so the pattern reads at thumbnail size and the photo stays light.
 */
const MOTIF_SCALE: Record<PrintMotif, number> = {
  circles: 1.45,
  diamonds: 1.6,
  kente: 1.3,
  mudcloth: 1.5,
  zigzag: 1.35,
  checks: 1.1,
};

const NOTIONS = ["#f5f0e6", "#c9a227", "#6b4a2f", "#1c1917"];

/** The box round a drawing's outlines (their control points included): x0, y0, x1, y1. */
function bounds(paths: readonly string[]): [number, number, number, number] {
  const nums =
    paths
      .join(" ")
      .match(/-?\d+(?:\.\d+)?/g)
      ?.map(Number) ?? [];
  let [x0, y0, x1, y1] = [WIDTH, HEIGHT, 0, 0];
  for (let i = 0; i + 1 < nums.length; i += 2) {
    x0 = Math.min(x0, nums[i]!);
    x1 = Math.max(x1, nums[i]!);
    y0 = Math.min(y0, nums[i + 1]!);
    y1 = Math.max(y1, nums[i + 1]!);
  }
  return [x0, y0, x1, y1];
}

/**
 * A 4:5 frame round the garment with a margin, as a photographer frames each piece: small
 * things (a crop top, earrings) fill the photo as a long dress does.
 */
function fitted(paths: readonly string[]): [x: number, y: number, width: number] {
  const [x0, y0, x1, y1] = bounds(paths);
  // Never closer than half the canvas, nor much further than a garment as wide as the canvas.
  const width = Math.min(
    WIDTH * 1.2,
    Math.max(WIDTH / 2, (x1 - x0) * 1.2, ((y1 - y0) * 1.2) / 1.25),
  );
  const top = (y0 + y1) / 2 - (width * 1.25) / 2;
  return [(x0 + x1) / 2 - WIDTH / 2, top, width];
}

/** One photo of a garment of `kind` in the print of `seed`, as a 960x1200 SVG document. */
export function samplePhotoSvg(seed: string, kind: GarmentKind, view: PhotoView): string {
  const garment = GARMENTS[kind];
  // The generator's first draw varies little between neighbouring seeds (ids 102, 103, 104):
  // motif and colours come from later draws, so neighbours in the shop look different.
  const choice = randomFrom(`${seed}:print`);
  choice.next();
  const motif = garment.motif ?? choice.pick(MOTIFS);
  const palette = choice.int(0, 99);
  const scale = (garment.printScale ?? 1) * MOTIF_SCALE[motif];
  const print = printPattern(seed, {
    width: Math.ceil(WIDTH / scale),
    height: Math.ceil(HEIGHT / scale),
    motif,
    palette,
    bold: true,
  });
  const rng = randomFrom(`${seed}:photo`);
  const backdrop = rng.pick(BACKDROPS);
  const sketch = new Sketch({
    print: print.colours,
    plain: print.colours.length > 4 ? print.colours[4]! : print.colours[2]!,
    notion: rng.pick(NOTIONS),
  });
  if (view === "back" && garment.form) {
    // The second photo shows it worn: on a dress form standing below its hem.
    const flat = new Sketch(sketch.colours);
    garment.draw(flat, "front");
    const { shoulders, scale = 1 } = garment.form;
    dressForm(sketch, shoulders, scale, bounds(flat.silhouette)[3]);
    garment.draw(sketch, "front");
  } else {
    garment.draw(sketch, view === "back" ? "back" : "front");
  }
  const [dx, top, w] =
    view === "detail"
      ? garment.detail
      : (sketch.frame ?? fitted([...sketch.silhouette, ...sketch.extent]));
  const frame = [WIDTH / 2 + dx - w / 2, top, w, w * 1.25].map((n) => Math.round(n)).join(" ");
  const shadow = sketch.silhouette.map((d) => `<path d="${d}" fill-rule="evenodd"/>`).join("");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="${frame}">`,
    "<defs>",
    `<g id="print"${scale === 1 ? "" : ` transform="scale(${scale})"`}>${print.content}</g>`,
    // Light from the top left, as from a window: the cloth brighter there, deeper at the far side.
    `<linearGradient id="light" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${WIDTH}" y2="${HEIGHT}"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".16"/></linearGradient>`,
    ...sketch.defs,
    "</defs>",
    `<rect x="-${WIDTH}" y="-${HEIGHT}" width="${WIDTH * 3}" height="${HEIGHT * 3}" fill="${backdrop}"/>`,
    // The shadow on the backdrop, its edge softened by wider, fainter copies (a blur would take
    // the rasteriser longer than everything else in the photo together).
    ...[28, 14, 0].map(
      (spread) =>
        `<g fill="#1c1917" stroke="#1c1917" stroke-width="${spread}" stroke-linejoin="round" opacity=".07" transform="translate(8 16)">${shadow}</g>`,
    ),
    ...sketch.parts,
    "</svg>",
  ].join("");
}
