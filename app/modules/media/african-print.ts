/**
 * Generates bold African-print artwork (kente strips, kitenge circles, mudcloth marks, ankara
 * diamonds, zigzag bands) as SVG, deterministic from a seed string. The sample catalogue's
 * product photos and the brand's hero and band are drawn from it, so a new shop looks like a shop.
 */

/** A small fast PRNG (mulberry32), seeded from a string hash, so every seed draws the same art. */
export function randomFrom(seed: string) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type Rng = ReturnType<typeof randomFrom>;

/** Palettes of real wax-print and kente colourways: [ground, main, second, accent, line]. */
const PALETTES: readonly (readonly [string, string, string, string, string])[] = [
  ["#f2b705", "#0b6e4f", "#c1121f", "#1b1b1b", "#fff4d6"], // kente gold, green, red
  ["#1e1b4b", "#f97316", "#facc15", "#14b8a6", "#fef3c7"], // indigo with orange and teal
  ["#7c2d12", "#fbbf24", "#fef3c7", "#0f766e", "#1c1917"], // terracotta and ochre
  ["#0f766e", "#f43f5e", "#fde68a", "#1e3a8a", "#fff7ed"], // teal and coral
  ["#b91c1c", "#1c1917", "#fbbf24", "#ffffff", "#fde68a"], // shuka red and black
  ["#312e81", "#38bdf8", "#fb923c", "#fef9c3", "#0c0a09"], // royal blue ankara
  ["#3f6212", "#facc15", "#ea580c", "#fef3c7", "#1c1917"], // olive and marigold
  ["#831843", "#f472b6", "#fde047", "#0e7490", "#fdf2f8"], // plum and pink
  ["#292524", "#f5f5f4", "#d6d3d1", "#b45309", "#fafaf9"], // mudcloth black and bone
  ["#9a3412", "#1e3a8a", "#fcd34d", "#f5f5f4", "#0f172a"], // rust and navy
];

export const MOTIFS = ["kente", "circles", "mudcloth", "diamonds", "zigzag"] as const;
export type Motif = (typeof MOTIFS)[number];

const r2 = (n: number) => Math.round(n * 10) / 10;

function kente(rng: Rng, p: readonly string[], w: number, h: number): string {
  const cell = rng.pick([80, 96, 120, 160]);
  const parts: string[] = [];
  for (let y = 0, row = 0; y < h; y += cell, row++) {
    for (let x = 0, col = 0; x < w; x += cell, col++) {
      const vertical = (row + col) % 2 === 0;
      parts.push(
        `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${p[(row + col) % 3]}"/>`,
      );
      const stripes = rng.pick([3, 4, 5]);
      const s = cell / (stripes * 2);
      for (let i = 0; i < stripes; i++) {
        const o = s * (2 * i + 0.5);
        parts.push(
          vertical
            ? `<rect x="${r2(x + o)}" y="${y}" width="${r2(s)}" height="${cell}" fill="${p[(i + row) % 2 === 0 ? 3 : 4]}"/>`
            : `<rect x="${x}" y="${r2(y + o)}" width="${cell}" height="${r2(s)}" fill="${p[(i + col) % 2 === 0 ? 3 : 1]}"/>`,
        );
      }
      if ((row * 7 + col * 3) % 5 === 0) {
        const c = cell / 2;
        parts.push(
          `<path d="M${x + c} ${y + c * 0.35}L${x + c * 1.65} ${y + c}L${x + c} ${y + c * 1.65}L${x + c * 0.35} ${y + c}Z" fill="${p[4]}" stroke="${p[3]}" stroke-width="6"/>`,
        );
      }
    }
  }
  return parts.join("");
}

function circles(rng: Rng, p: readonly string[], w: number, h: number): string {
  const cell = rng.pick([150, 180, 220]);
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = 0, row = 0; y < h + cell; y += cell * 0.87, row++) {
    const shift = row % 2 ? cell / 2 : 0;
    for (let x = -cell; x < w + cell; x += cell) {
      const cx = x + shift;
      const rings = rng.int(3, 5);
      for (let i = 0; i < rings; i++) {
        const r = (cell / 2.1) * (1 - i / rings);
        parts.push(
          `<circle cx="${r2(cx)}" cy="${r2(y)}" r="${r2(r)}" fill="${p[1 + ((i + row) % 4)]}"/>`,
        );
      }
      parts.push(
        `<circle cx="${r2(cx + cell / 2)}" cy="${r2(y + cell * 0.43)}" r="${r2(cell / 14)}" fill="${p[4]}"/>`,
      );
    }
  }
  return parts.join("");
}

function mudcloth(rng: Rng, p: readonly string[], w: number, h: number): string {
  const band = rng.pick([110, 140, 170]);
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = 0, row = 0; y < h; y += band, row++) {
    parts.push(`<rect x="0" y="${y + band - 10}" width="${w}" height="8" fill="${p[1]}"/>`);
    const kind = row % 3;
    for (let x = 20; x < w; x += band / 2) {
      const cx = x;
      const cy = y + band / 2 - 4;
      if (kind === 0) {
        parts.push(
          `<path d="M${cx - 22} ${cy - 22}L${cx + 22} ${cy + 22}M${cx + 22} ${cy - 22}L${cx - 22} ${cy + 22}" stroke="${p[1]}" stroke-width="9" stroke-linecap="round"/>`,
        );
      } else if (kind === 1) {
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="14" fill="none" stroke="${p[3]}" stroke-width="8"/>`,
        );
        parts.push(`<circle cx="${cx}" cy="${cy}" r="4" fill="${p[1]}"/>`);
      } else {
        parts.push(
          `<path d="M${cx - 30} ${cy + 18}L${cx - 10} ${cy - 18}L${cx + 10} ${cy + 18}L${cx + 30} ${cy - 18}" fill="none" stroke="${p[2]}" stroke-width="8" stroke-linejoin="round"/>`,
        );
      }
    }
  }
  return parts.join("");
}

function diamonds(rng: Rng, p: readonly string[], w: number, h: number): string {
  const dw = rng.pick([120, 160, 200]);
  const dh = dw * 1.3;
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = -dh, row = 0; y < h + dh; y += dh / 2, row++) {
    const shift = row % 2 ? dw / 2 : 0;
    for (let x = -dw; x < w + dw; x += dw) {
      const cx = x + shift;
      for (let i = 0; i < 3; i++) {
        const k = 1 - i * 0.3;
        parts.push(
          `<path d="M${r2(cx)} ${r2(y - (dh / 2) * k)}L${r2(cx + (dw / 2) * k)} ${r2(y)}L${r2(cx)} ${r2(y + (dh / 2) * k)}L${r2(cx - (dw / 2) * k)} ${r2(y)}Z" fill="${p[1 + ((i + row) % 4)]}"${i === 0 ? ` stroke="${p[4]}" stroke-width="5"` : ""}/>`,
        );
      }
    }
  }
  return parts.join("");
}

function zigzag(rng: Rng, p: readonly string[], w: number, h: number): string {
  const band = rng.pick([70, 90, 110]);
  const tooth = band * rng.pick([0.8, 1, 1.4]);
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = 0, row = 0; y < h + band; y += band, row++) {
    let d = `M0 ${y}`;
    for (let x = 0; x <= w + tooth; x += tooth)
      d += `L${x + tooth / 2} ${y + band * 0.7}L${x + tooth} ${y}`;
    d += `L${w + tooth} ${y + band}L0 ${y + band}Z`;
    parts.push(`<path d="${d}" fill="${p[1 + (row % 4)]}"/>`);
    if (row % 2 === 0) {
      for (let x = tooth / 2; x < w; x += tooth) {
        parts.push(
          `<circle cx="${r2(x)}" cy="${r2(y + band * 0.3)}" r="${r2(band / 9)}" fill="${p[0]}"/>`,
        );
      }
    }
  }
  return parts.join("");
}

const DRAW: Record<Motif, typeof kente> = { kente, circles, mudcloth, diamonds, zigzag };

export type PrintOptions = { width: number; height: number; motif?: Motif; palette?: number };

/** The print as a full SVG document, the same for the same seed. */
export function africanPrintSvg(seed: string, options: PrintOptions): string {
  const rng = randomFrom(seed);
  const motif = options.motif ?? rng.pick(MOTIFS);
  const palette = PALETTES[(options.palette ?? rng.int(0, PALETTES.length - 1)) % PALETTES.length]!;
  const { width: w, height: h } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${DRAW[motif](rng, palette, w, h)}</svg>`;
}

/**
 * A garment photo: the print cut to the garment's shape on a soft backdrop, as on a shop's
 * flat-lay photo. Shapes are drawn in a 960x1200 box.
 */
const SHAPES: Record<string, string> = {
  dress:
    "M380 130 Q480 190 580 130 L640 170 L610 330 Q600 380 620 420 L800 1080 Q480 1140 160 1080 L340 420 Q360 380 350 330 L320 170Z",
  top: "M360 220 Q480 290 600 220 L800 300 L860 520 L740 560 L710 470 L700 900 Q480 950 260 900 L250 470 L220 560 L100 520 L160 300Z",
  trousers:
    "M300 160 L660 160 L700 420 L760 1080 L560 1080 L490 520 L470 520 L400 1080 L200 1080 L260 420Z",
  skirt: "M330 230 L630 230 L650 320 L820 1000 Q480 1070 140 1000 L310 320Z",
  jacket:
    "M370 170 L480 330 L590 170 L780 240 L880 900 L760 920 L720 520 L720 1010 L240 1010 L240 520 L200 920 L80 900 L180 240Z",
  jumpsuit:
    "M370 140 Q480 200 590 140 L650 180 L630 520 L700 1080 L530 1080 L485 640 L475 640 L430 1080 L260 1080 L330 520 L310 180Z",
  wrap: "M180 180 L780 180 Q820 600 760 1040 L200 1040 Q140 600 180 180Z",
  bag: "M260 470 L700 470 L760 1000 Q480 1040 200 1000Z M360 470 Q360 230 480 230 Q600 230 600 470 L560 470 Q560 280 480 280 Q400 280 400 470Z",
  sandal:
    "M330 200 Q480 120 560 260 Q600 420 570 620 Q560 820 590 980 Q520 1110 400 1060 Q330 980 350 800 Q360 600 310 420 Q290 280 330 200Z M250 380 L660 330 L670 420 L260 470Z M270 620 L640 580 L650 680 L280 710Z",
};

export function garmentShapeFor(category: string): string {
  switch (category) {
    case "dresses":
    case "kids-wear":
      return SHAPES.dress!;
    case "tops":
    case "tshirts":
    case "men-wear":
      return SHAPES.top!;
    case "trousers":
      return SHAPES.trousers!;
    case "skirts":
      return SHAPES.skirt!;
    case "blazers":
    case "kimonos":
    case "hoodies-trench":
    case "ponchos":
      return SHAPES.jacket!;
    case "jumpsuits":
      return SHAPES.jumpsuit!;
    case "accessories":
      return SHAPES.bag!;
    case "sandals":
      return SHAPES.sandal!;
    default:
      return SHAPES.wrap!;
  }
}

const BACKDROPS = ["#f5efe6", "#efe7dc", "#ece8e1", "#f3e9e2", "#e9eee9"];

export function garmentPhotoSvg(
  seed: string,
  category: string,
  motif?: Motif,
  palette?: number,
): string {
  const w = 960;
  const h = 1200;
  const rng = randomFrom(`${seed}:backdrop`);
  const print = africanPrintSvg(seed, { width: w, height: h, motif, palette })
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "");
  const shape = garmentShapeFor(category);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs><clipPath id="g"><path d="${shape}" fill-rule="nonzero"/></clipPath></defs><rect width="${w}" height="${h}" fill="${rng.pick(BACKDROPS)}"/><path d="${shape}" fill="#1c1917" opacity="0.14" transform="translate(10 22)"/><g clip-path="url(#g)">${print}</g></svg>`;
}

/** A close-up of the same print as the garment photo of `seed`: its top-left corner, enlarged. */
export function printCloseUpSvg(seed: string): string {
  const inner = africanPrintSvg(seed, { width: 960, height: 1200 })
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>$/, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="1200" viewBox="0 0 480 600">${inner}</svg>`;
}
