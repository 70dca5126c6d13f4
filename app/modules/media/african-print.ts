/**
 * Generates bold African-print artwork (kente strips, kitenge circles, mudcloth marks, ankara
 * diamonds, zigzag bands, a Maasai shuka's checks) as SVG, deterministic from a seed string. The
 * sample catalogue's product photos and the brand's hero and band are drawn from it, so a new shop
 * looks like a shop.
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

function kente(rng: Rng, p: readonly string[], w: number, h: number, bold = false): string {
  const cell = rng.pick([80, 96, 120, 160]);
  const parts: string[] = [];
  for (let y = 0, row = 0; y < h; y += cell, row++) {
    for (let x = 0, col = 0; x < w; x += cell, col++) {
      const vertical = (row + col) % 2 === 0;
      parts.push(
        `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${p[(row + col) % 3]}"/>`,
      );
      const stripes = rng.pick(bold ? [2, 3] : [3, 4, 5]);
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
          `<path d="M${x + c} ${y + c * 0.35}L${x + c * 1.65} ${y + c}L${x + c} ${y + c * 1.65}L${x + c * 0.35} ${y + c}Z" fill="${p[4]}"${bold ? "" : ` stroke="${p[3]}" stroke-width="6"`}/>`,
        );
      }
    }
  }
  return parts.join("");
}

function circles(rng: Rng, p: readonly string[], w: number, h: number, bold = false): string {
  const cell = rng.pick([150, 180, 220]);
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = 0, row = 0; y < h + cell; y += cell * 0.87, row++) {
    const shift = row % 2 ? cell / 2 : 0;
    for (let x = -cell; x < w + cell; x += cell) {
      const cx = x + shift;
      const rings = bold ? rng.int(2, 3) : rng.int(3, 5);
      for (let i = 0; i < rings; i++) {
        const r = (cell / 2.1) * (1 - i / rings);
        parts.push(
          `<circle cx="${r2(cx)}" cy="${r2(y)}" r="${r2(r)}" fill="${p[1 + ((i + row) % 4)]}"/>`,
        );
      }
      if (bold) continue;
      parts.push(
        `<circle cx="${r2(cx + cell / 2)}" cy="${r2(y + cell * 0.43)}" r="${r2(cell / 14)}" fill="${p[4]}"/>`,
      );
    }
  }
  return parts.join("");
}

function mudcloth(rng: Rng, p: readonly string[], w: number, h: number, bold = false): string {
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
        if (!bold) parts.push(`<circle cx="${cx}" cy="${cy}" r="4" fill="${p[1]}"/>`);
      } else {
        parts.push(
          `<path d="M${cx - 30} ${cy + 18}L${cx - 10} ${cy - 18}L${cx + 10} ${cy + 18}L${cx + 30} ${cy - 18}" fill="none" stroke="${p[2]}" stroke-width="8" stroke-linejoin="round"/>`,
        );
      }
    }
  }
  return parts.join("");
}

function diamonds(rng: Rng, p: readonly string[], w: number, h: number, bold = false): string {
  const dw = rng.pick([120, 160, 200]);
  const dh = dw * 1.3;
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = -dh, row = 0; y < h + dh; y += dh / 2, row++) {
    const shift = row % 2 ? dw / 2 : 0;
    for (let x = -dw; x < w + dw; x += dw) {
      const cx = x + shift;
      for (let i = 0; i < (bold ? 2 : 3); i++) {
        const k = 1 - i * (bold ? 0.45 : 0.3);
        parts.push(
          `<path d="M${r2(cx)} ${r2(y - (dh / 2) * k)}L${r2(cx + (dw / 2) * k)} ${r2(y)}L${r2(cx)} ${r2(y + (dh / 2) * k)}L${r2(cx - (dw / 2) * k)} ${r2(y)}Z" fill="${p[1 + ((i + row) % 4)]}"${i === 0 && !bold ? ` stroke="${p[4]}" stroke-width="5"` : ""}/>`,
        );
      }
    }
  }
  return parts.join("");
}

function zigzag(rng: Rng, p: readonly string[], w: number, h: number, bold = false): string {
  const band = rng.pick([70, 90, 110]);
  const tooth = band * rng.pick([0.8, 1, 1.4]);
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (let y = 0, row = 0; y < h + band; y += band, row++) {
    let d = `M0 ${y}`;
    for (let x = 0; x <= w + tooth; x += tooth)
      d += `L${x + tooth / 2} ${y + band * 0.7}L${x + tooth} ${y}`;
    d += `L${w + tooth} ${y + band}L0 ${y + band}Z`;
    parts.push(`<path d="${d}" fill="${p[1 + (row % 4)]}"/>`);
    if (row % 2 === 0 && !bold) {
      for (let x = tooth / 2; x < w; x += tooth) {
        parts.push(
          `<circle cx="${r2(x)}" cy="${r2(y + band * 0.3)}" r="${r2(band / 9)}" fill="${p[0]}"/>`,
        );
      }
    }
  }
  return parts.join("");
}

/**
 * The Maasai shuka's checks: broad see-through bands across and down (where they cross, the
 * colour deepens as in a woven check), with thin contrasting lines between them.
 */
function checks(rng: Rng, p: readonly string[], w: number, h: number): string {
  const unit = rng.pick([200, 240, 280]);
  const band = unit * rng.pick([0.34, 0.42]);
  const parts = [`<rect width="${w}" height="${h}" fill="${p[0]}"/>`];
  for (const across of [false, true]) {
    const span = across ? h : w;
    for (let o = unit * 0.3; o < span; o += unit) {
      const rect = (at: number, size: number, fill: string, opacity = 1) =>
        across
          ? `<rect x="0" y="${r2(at)}" width="${w}" height="${r2(size)}" fill="${fill}" opacity="${opacity}"/>`
          : `<rect x="${r2(at)}" y="0" width="${r2(size)}" height="${h}" fill="${fill}" opacity="${opacity}"/>`;
      parts.push(rect(o, band, p[1]!, 0.7));
      parts.push(rect(o + band + unit * 0.12, unit * 0.05, p[2]!));
      parts.push(rect(o + band * 0.42, unit * 0.04, p[3]!, 0.85));
    }
  }
  return parts.join("");
}

/** Shuka colourways: [ground, band, line, thin line]. */
const CHECK_PALETTES: readonly (readonly string[])[] = [
  ["#c8102e", "#1c1917", "#f5f5f4", "#1d4ed8"], // red with black checks
  ["#1d4ed8", "#1c1917", "#f5f5f4", "#c8102e"], // blue with black
  ["#b91c1c", "#1e3a8a", "#fbbf24", "#f5f5f4"], // red with navy and yellow
  ["#6b21a8", "#1c1917", "#f97316", "#f5f5f4"], // purple with orange
  ["#ea580c", "#7f1d1d", "#fde68a", "#1c1917"], // orange with maroon
];

export const ALL_MOTIFS = [...MOTIFS, "checks"] as const;
export type PrintMotif = (typeof ALL_MOTIFS)[number];

const DRAW: Record<PrintMotif, typeof kente> = {
  kente,
  circles,
  mudcloth,
  diamonds,
  zigzag,
  checks,
};

export type PrintOptions = {
  width: number;
  height: number;
  motif?: PrintMotif;
  palette?: number;
  /** Leaves out the finest marks (dots, outlines, inner rings) that a small photo loses anyway. */
  bold?: boolean;
};

/** A drawn print: its SVG content (no outer element) and the colours it was drawn in. */
export type Print = { motif: PrintMotif; colours: readonly string[]; content: string };

/** The print of `seed`: the same motif, colours and marks every time. */
export function printPattern(seed: string, options: PrintOptions): Print {
  const rng = randomFrom(seed);
  const motif = options.motif ?? rng.pick(MOTIFS);
  const palettes = motif === "checks" ? CHECK_PALETTES : PALETTES;
  const colours = palettes[(options.palette ?? rng.int(0, palettes.length - 1)) % palettes.length]!;
  return {
    motif,
    colours,
    content: DRAW[motif](rng, colours, options.width, options.height, options.bold),
  };
}

/** The print as a full SVG document, the same for the same seed. */
export function africanPrintSvg(seed: string, options: PrintOptions): string {
  const { width: w, height: h } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${printPattern(seed, options).content}</svg>`;
}
