/** The dress form that garments stand on in their second photo. */
import { ellipse } from "./shapes";
import { at, both, type Sketch, sym } from "./sketch";

const LINEN = "#3b3632";
const WOOD = "#7a5436";
const STEEL = "#2b2522";

/**
 * A charcoal dress form with a wooden cap, on a pole and a round base: the form's shoulder line at
 * `shoulders`, scaled by `scale` (a child's form is smaller), its base below `standTo`, which is
 * the lowest point of the garment it wears.
 */
export function dressForm(s: Sketch, shoulders: number, scale: number, standTo: number) {
  const y = (v: number) => Math.round(shoulders + v * scale);
  const x = (v: number) => Math.round(v * scale);
  const base = Math.max(standTo + 40, y(760));
  s.solid(at(`M${x(-9)} ${y(560)}L${x(9)} ${y(560)}L${x(9)} ${base}L${x(-9)} ${base}Z`), STEEL);
  s.solid(at(ellipse(0, base, x(150), x(24))), WOOD);
  s.solid(
    sym(
      `M0 ${y(-12)}L${x(44)} ${y(-12)}Q${x(58)} ${y(10)} ${x(138)} ${y(22)}Q${x(172)} ${y(40)} ${x(164)} ${y(100)}Q${x(152)} ${y(190)} ${x(150)} ${y(232)}Q${x(112)} ${y(330)} ${x(114)} ${y(362)}Q${x(150)} ${y(460)} ${x(160)} ${y(520)}L${x(152)} ${y(560)}Q${x(80)} ${y(578)} 0 ${y(580)}`,
    ),
    LINEN,
  );
  s.seam(both(`M${x(74)} ${y(30)}Q${x(96)} ${y(300)} ${x(84)} ${y(560)}`), 2);
  s.solid(at(`M${x(-40)} ${y(-80)}L${x(40)} ${y(-80)}L${x(46)} ${y(0)}L${x(-46)} ${y(0)}Z`), LINEN);
  s.solid(at(ellipse(0, y(-80), x(48), x(14))), WOOD);
  s.solid(at(ellipse(0, y(-100), x(14), x(14))), WOOD);
}
