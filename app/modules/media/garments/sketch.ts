/**
 * The drawing vocabulary of the sample product photos: pieces of cloth cut from the print,
 * plain parts (leather, trim, buttons) and the marks that make a flat-lay photo read as a
 * garment at thumbnail size (seams, stitching, soft folds).
 *
 * Paths are written with x measured from the photo's centre line, so that one half of a
 * symmetric garment can be drawn and mirrored (`sym`), and a detail drawn for one side can be
 * repeated on the other (`both`). Photos are 960x1200.
 */

export const WIDTH = 960;
export const HEIGHT = 1200;
const CX = WIDTH / 2;

type Seg = { op: "M" | "L" | "Q" | "C" | "Z"; pts: [number, number][] };

/** Absolute M, L, Q, C and Z commands only: all the drawings need. */
function parse(d: string): Seg[] {
  const segs: Seg[] = [];
  for (const [, op, args] of d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    if (op === "Z") {
      segs.push({ op, pts: [] });
      continue;
    }
    const nums = (args!.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    const per = op === "C" ? 6 : op === "Q" ? 4 : 2;
    for (let i = 0; i + per <= nums.length; i += per) {
      const pts: [number, number][] = [];
      for (let k = i; k < i + per; k += 2) pts.push([nums[k]!, nums[k + 1]!]);
      segs.push({ op: (i > 0 && op === "M" ? "L" : op) as Seg["op"], pts });
    }
  }
  return segs;
}

const fmt = (x: number, y: number, side: number) =>
  `${Math.round((CX + side * x) * 10) / 10} ${Math.round(y * 10) / 10}`;

function write(segs: Seg[], side: number): string {
  return segs.map((s) => s.op + s.pts.map(([x, y]) => fmt(x, y, side)).join(" ")).join("");
}

/** A centre-relative path as drawing coordinates; `side` -1 draws its mirror image. */
export function at(d: string, side: 1 | -1 = 1): string {
  return write(parse(d), side);
}

/** The path and its mirror image, for details found on both sides. */
export function both(d: string): string {
  return `${at(d, 1)}${at(d, -1)}`;
}

/**
 * A closed symmetric outline from its right half, written from the top (at or right of the
 * centre line) down to the bottom: the left half is the same path mirrored and run backwards.
 */
export function sym(half: string): string {
  const segs = parse(half);
  const ends = segs.map((s) => s.pts.at(-1)!);
  const back: Seg[] = [{ op: "L", pts: [ends.at(-1)!] }];
  for (let i = segs.length - 1; i >= 1; i--) {
    const { op, pts } = segs[i]!;
    const to = ends[i - 1]!;
    back.push({ op, pts: op === "C" ? [pts[1]!, pts[0]!, to] : op === "Q" ? [pts[0]!, to] : [to] });
  }
  return `${write(segs, 1)}${write(back, -1)}Z`;
}

/** The colours a photo is drawn in, taken from its print so trims and buttons belong to it. */
export type Colours = {
  /** The print's own colours, the ground first. */
  print: readonly string[];
  /** A plain fabric that goes with the print (a T-shirt's body, a lining). */
  plain: string;
  /** Buttons, buckles and beads. */
  notion: string;
};

export type View = "front" | "back";

/**
 * Collects a photo's parts in painting order. Every piece of cloth shows the one print (`#print`
 * in the photo's definitions), lit by the photo's light (`#light`), and adds its outline to the
 * garment's silhouette, which casts the soft shadow under it.
 */
export class Sketch {
  readonly defs: string[] = [];
  readonly parts: string[] = [];
  readonly silhouette: string[] = [];
  /** Outlines that cast no shadow but belong in the photo's frame (a mask's ear loops). */
  readonly extent: string[] = [];
  /** A fixed frame (x from the centre line, top, width) instead of one fitted to the garment. */
  frame?: readonly [x: number, y: number, width: number];
  private clips = 0;

  constructor(readonly colours: Colours) {}

  /** A piece cut from the print; `shift` moves the print under it, `shade` darkens it (0 to 1). */
  cloth(
    d: string,
    o: { shift?: [number, number]; shade?: number; rotate?: number; shadow?: boolean } = {},
  ) {
    const id = `k${this.clips++}`;
    this.defs.push(`<clipPath id="${id}"><path d="${d}" clip-rule="evenodd"/></clipPath>`);
    if (o.shadow !== false) this.silhouette.push(d);
    const move = [
      o.shift ? `translate(${o.shift[0]} ${o.shift[1]})` : "",
      o.rotate ? `rotate(${o.rotate} ${CX} ${HEIGHT / 2})` : "",
    ].join(" ");
    this.parts.push(
      `<g clip-path="url(#${id})"><use href="#print"${move.trim() ? ` transform="${move.trim()}"` : ""}/><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>${o.shade ? `<rect width="${WIDTH}" height="${HEIGHT}" fill="#1c1917" opacity="${o.shade}"/>` : ""}</g>`,
      this.edge(d),
    );
    return this;
  }

  /** A plain part (leather, a rib, a solid trim), lit like the cloth. */
  solid(d: string, fill: string, o: { shadow?: boolean } = {}) {
    if (o.shadow !== false) this.silhouette.push(d);
    this.parts.push(
      `<path d="${d}" fill="${fill}"/><path d="${d}" fill="url(#light)"/>`,
      this.edge(d),
    );
    return this;
  }

  private edge(d: string) {
    return `<path d="${d}" fill="none" stroke="#1c1917" stroke-opacity=".3" stroke-width="2.5" stroke-linejoin="round"/>`;
  }

  /** A seam or an edge inside the garment. */
  seam(d: string, width = 3) {
    this.parts.push(
      `<path d="${d}" fill="none" stroke="#1c1917" stroke-opacity=".38" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
    return this;
  }

  /** Top-stitching beside a hem or seam, in a light thread. */
  stitch(d: string, colour = "#fffaf3") {
    this.parts.push(
      `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity=".7" stroke-width="3" stroke-dasharray="10 8" stroke-linecap="round"/>`,
    );
    return this;
  }

  /**
   * A soft fold in the cloth: a shadow line whose edge fades out. Nested strokes stand in for a
   * blur, which would cost the rasteriser ten times as long for each photo.
   */
  fold(d: string, width = 20, depth = 0.2) {
    this.parts.push(this.soft(d, "#1c1917", width, depth));
    return this;
  }

  /** A soft lit ridge, where cloth stands up towards the light. */
  shine(d: string, width = 26) {
    this.parts.push(this.soft(d, "#fff", width, 0.16));
    return this;
  }

  private soft(d: string, colour: string, width: number, depth: number) {
    return [1.5, 1, 0.5]
      .map(
        (k) =>
          `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${Math.round(depth * 40) / 100}" stroke-width="${Math.round(width * k)}" stroke-linecap="round"/>`,
      )
      .join("");
  }

  /** A shadow cast inside the garment (under a collar, a strap), a little below what casts it. */
  shadow(d: string, depth = 0.22) {
    this.parts.push(
      `<path d="${d}" fill="#1c1917" opacity="${depth}" transform="translate(3 6)"/>`,
    );
    return this;
  }

  button(x: number, y: number, r = 11, fill = this.colours.notion) {
    const cx = CX + x;
    this.parts.push(
      `<circle cx="${cx}" cy="${y}" r="${r}" fill="${fill}" stroke="#1c1917" stroke-opacity=".45" stroke-width="2"/><circle cx="${cx - r * 0.3}" cy="${y - r * 0.3}" r="${r * 0.3}" fill="#fff" opacity=".35"/>`,
    );
    return this;
  }

  /** Anything else, in drawing coordinates. */
  raw(svg: string) {
    this.parts.push(svg);
    return this;
  }
}

/** One kind of product as the sample photos draw it. */
export type Garment = {
  /** Draws it as laid flat (`front`), and from behind or worn (`back`) unless it has a form. */
  draw(s: Sketch, view: View): void;
  /** Where the detail photo looks: x from the centre line, y and width of a 4:5 frame. */
  detail: readonly [x: number, y: number, width: number];
  /** How large the print appears on it: under 1 for small things, which show it finer. */
  printScale?: number;
  /** A print of its own kind (a shuka is checked). */
  motif?: "checks";
  /**
   * Shown on a dress form in its second photo, the form's shoulder line at this height (a
   * skirt's above the photo, so that its waist meets the waistband); without it, the drawing's
   * own `back` view.
   */
  form?: { shoulders: number; scale?: number };
};
