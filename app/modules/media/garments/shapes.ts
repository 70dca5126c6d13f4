/** Small path builders shared by several garments. Coordinates as in `sketch.ts`. */

/**
 * A scalloped (ruffled) edge from x0 to x1 at height y, as path segments continuing the current
 * path: `count` soft waves of the given depth.
 */
export function scallops(x0: number, x1: number, y: number, count: number, depth = 18): string {
  const step = (x1 - x0) / count;
  let d = "";
  for (let i = 0; i < count; i++) {
    const a = x0 + step * i;
    d += `Q${a + step / 2} ${y + depth} ${a + step} ${y}`;
  }
  return d;
}

/** Fringe: short threads hanging from a straight edge between x0 and x1. */
export function fringe(x0: number, x1: number, y: number, length = 46, gap = 14): string {
  let d = "";
  for (let x = x0; x <= x1; x += gap) {
    const sway = ((x * 7) % 11) - 5;
    d += `M${x} ${y}Q${x + sway} ${y + length / 2} ${x + sway * 1.6} ${y + length}`;
  }
  return d;
}

/** A rectangle, as a closed path. */
export function rect(x: number, y: number, w: number, h: number, r = 0): string {
  if (!r) return `M${x} ${y}L${x + w} ${y}L${x + w} ${y + h}L${x} ${y + h}Z`;
  return `M${x + r} ${y}L${x + w - r} ${y}Q${x + w} ${y} ${x + w} ${y + r}L${x + w} ${y + h - r}Q${x + w} ${y + h} ${x + w - r} ${y + h}L${x + r} ${y + h}Q${x} ${y + h} ${x} ${y + h - r}L${x} ${y + r}Q${x} ${y} ${x + r} ${y}Z`;
}

/** An ellipse as a path (centre-relative like every path), so it can be mirrored or clipped. */
export function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  return `M${cx + rx} ${cy}C${cx + rx} ${cy + ry * k} ${cx + rx * k} ${cy + ry} ${cx} ${cy + ry}C${cx - rx * k} ${cy + ry} ${cx - rx} ${cy + ry * k} ${cx - rx} ${cy}C${cx - rx} ${cy - ry * k} ${cx - rx * k} ${cy - ry} ${cx} ${cy - ry}C${cx + rx * k} ${cy - ry} ${cx + rx} ${cy - ry * k} ${cx + rx} ${cy}Z`;
}

/** Ribbing: short parallel lines across a band from x0 to x1, between y0 and y1. */
export function ribs(x0: number, x1: number, y0: number, y1: number, gap = 12): string {
  let d = "";
  for (let x = x0 + gap / 2; x < x1; x += gap) d += `M${x} ${y0 + 4}L${x} ${y1 - 4}`;
  return d;
}
