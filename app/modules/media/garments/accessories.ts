/**
 * Shukas, sandals and accessories. Things that are worn on the head or at the neck are shown
 * on a plain mannequin bust in their second photo.
 */
import { ellipse, fringe, rect } from "./shapes";
import { at, both, type Garment, type Sketch, sym, type View } from "./sketch";

const LEATHER = "#9a6238";
const DARK_LEATHER = "#5b3a24";
const MANNEQUIN = "#4a362b";

/** A featureless mannequin bust: head, neck and shoulders. */
function bust(s: Sketch, frame: [number, number, number], o: { collar?: boolean } = {}) {
  // Framed on what it wears, the shoulders running off the photo as in a portrait.
  s.frame = frame;
  s.solid(sym("M0 540L66 548Q112 610 300 650Q392 690 404 820L412 1210L0 1210"), MANNEQUIN);
  if (o.collar) {
    s.solid(sym("M0 560L70 540Q92 610 150 660L0 720"), "#fffaf3");
    s.seam(at("M0 560L0 720"), 2);
  }
  s.solid(at("M-60 380L60 380L70 568Q0 590 -70 568Z"), MANNEQUIN);
  s.shadow(at("M-58 440Q0 480 58 440L62 540Q0 560 -62 540Z"), 0.3);
  s.solid(
    at(
      "M0 140C64 140 114 190 114 274C114 354 78 424 0 450C-78 424 -114 354 -114 274C-114 190 -64 140 0 140Z",
    ),
    MANNEQUIN,
  );
  s.shine(at("M-60 200Q-84 280 -56 370"), 30);
}

/** Cloth folded into a neat stack: the top layer, the layers' edges, and fringe if it has one. */
export function folded(s: Sketch, w: number, y0: number, y1: number, o: { fringe?: boolean } = {}) {
  for (const k of [3, 2, 1]) {
    s.cloth(at(rect(-w + k * 6, y0 + k * 9, w * 2, y1 - y0, 18)), {
      shift: [k * 37, k * 23],
      shade: 0.08 * k,
    });
  }
  s.cloth(at(rect(-w, y0, w * 2, y1 - y0, 18)));
  // The top fold rolls towards the light; a second fold lies a third of the way down.
  s.shine(at(`M${-w + 40} ${y0 + 26}L${w - 40} ${y0 + 26}`), 30);
  s.fold(at(`M${-w + 30} ${y0 + 62}L${w - 30} ${y0 + 62}`), 14, 0.22);
  s.fold(
    at(`M${-w + 60} ${(y0 + y1) / 2}Q0 ${(y0 + y1) / 2 + 30} ${w - 60} ${(y0 + y1) / 2 - 10}`),
    26,
    0.12,
  );
  if (o.fringe) s.seam(at(fringe(-w + 12, w - 12, y1 + 2, 52, 14)), 3.5);
}

export function shuka(): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "front") {
      folded(s, 300, 170, 960, { fringe: true });
      return;
    }
    // Opened out: the whole blanket, soft waves across it, fringed at both ends.
    // Fringe at both ends, under the cloth's edges.
    s.seam(at(fringe(-400, 400, 1060, 50, 14)), 3.5);
    s.seam(at(fringe(-400, 400, 66, 50, 14)), 3.5);
    s.cloth(at("M-410 110Q0 90 410 110L420 1070Q0 1050 -420 1070Z"));
    for (const y of [300, 560, 820])
      s.fold(at(`M-400 ${y}Q-100 ${y + 40} 100 ${y - 10}Q260 ${y - 40} 400 ${y + 10}`), 30, 0.16);
    for (const y of [420, 700]) s.shine(at(`M-400 ${y}Q0 ${y + 40} 400 ${y}`), 34);
  };
  return { draw, detail: [-150, 560, 460], motif: "checks" };
}

/** The right foot's sole, its big toe towards the centre line; the left is its mirror image. */
const SOLE =
  "M150 190C235 186 300 250 310 340C318 420 300 500 286 580C272 680 280 800 274 880C266 990 210 1020 172 1020C130 1020 84 990 80 880C76 800 98 700 94 600C88 520 40 440 44 340C48 250 80 192 150 190Z";
const SOLE_CENTRE = [176, 605] as const;

export type SandalStyle = "slide" | "strappy" | "beaded" | "thong" | "loafer";

const SLIDE = "M30 400Q170 350 326 392L322 560Q170 520 40 560Z";
const STRAPS: Record<SandalStyle, string[]> = {
  slide: [SLIDE],
  beaded: [SLIDE],
  strappy: [
    "M52 300Q170 262 306 300L302 344Q170 308 56 346Z",
    "M44 430L318 580L312 622L40 472Z",
    "M318 430L44 580L50 622L322 472Z",
    "M82 830Q176 800 274 830L274 872Q176 842 82 872Z",
  ],
  thong: ["M118 292L140 296L314 486L300 520Z", "M116 292L136 302L66 516L48 490Z"],
  loafer: ["M44 340C48 250 80 186 150 186C235 182 304 250 312 340L300 580Q170 620 50 576Z"],
};

/** A pair of sandals seen from above: leather soles, print straps. */
export function sandals(style: SandalStyle): Garment {
  const draw = (s: Sketch, view: View) => {
    for (const side of [1, -1] as const) {
      if (view === "back" && side === -1) {
        // The left one turned over, to show its sole.
        s.solid(at(SOLE, side), "#2b2320");
        for (let y = 280; y < 760; y += 44) s.seam(at(`M70 ${y}L290 ${y + 24}`, side), 5);
        s.solid(
          at("M104 830C116 790 250 790 262 830L266 950C250 1016 120 1016 106 950Z", side),
          "#3a2f2a",
          {
            shadow: false,
          },
        );
        continue;
      }
      const [cx, cy] = [480 + side * SOLE_CENTRE[0], SOLE_CENTRE[1]];
      s.raw(`<g transform="translate(0 12)">`).solid(at(SOLE, side), DARK_LEATHER).raw("</g>");
      s.solid(at(SOLE, side), LEATHER, { shadow: false });
      s.raw(`<g transform="translate(${cx * 0.08} ${cy * 0.06}) scale(0.92 0.94)">`)
        .stitch(at(SOLE, side), "#3b2416")
        .raw("</g>");
      s.shadow(at("M120 880Q176 930 236 880L236 960Q176 1000 120 960Z", side), 0.2);
      for (const strap of STRAPS[style]) {
        s.shadow(at(strap, side), 0.3);
        s.cloth(at(strap, side), { shadow: false });
      }
      if (style === "beaded")
        for (let i = 0; i < 7; i++)
          s.button(side * (64 + i * 38), 480 - Math.sin((i / 6) * Math.PI) * 34, 11);
      if (style === "strappy")
        s.solid(at("M262 834L290 834L290 866L262 866Z", side), s.colours.notion);
      if (style === "loafer")
        s.stitch(at("M96 560Q84 330 176 330Q268 330 258 560", side), "#1c1917");
      if (style === "thong") s.button(side * 126, 300, 13);
    }
  };
  return { draw, detail: [176, 170, 440], printScale: 0.6 };
}

/** A tote bag: print body, leather handles and base. */
export function tote(): Garment {
  const draw = (s: Sketch, view: View) => {
    s.solid(
      at("M-176 440C-176 150 176 150 176 440L140 440C140 200 -140 200 -140 440Z"),
      DARK_LEATHER,
    );
    s.cloth(at("M-252 420L252 420L284 1060Q0 1078 -284 1060Z"));
    s.solid(at("M-274 960L274 960L284 1060Q0 1078 -284 1060Z"), LEATHER, { shadow: false });
    s.stitch(at("M-270 974L270 974"), "#3b2416").stitch(at("M-248 446L248 446"));
    if (view === "back") {
      s.cloth(at("M-170 520L170 520L176 820L-176 820Z"), { shift: [70, 40], shadow: false });
      s.stitch(at("M-166 536L166 536"));
    } else {
      s.solid(at("M-186 460C-186 120 186 120 186 460L148 460C148 170 -148 170 -148 460Z"), LEATHER);
    }
    for (const side of [1, -1] as const) {
      s.solid(at("M146 420L192 420L192 500L146 500Z", side), LEATHER, { shadow: false });
      s.button(side * 169, 478, 7, "#d4a017");
    }
    s.fold(at("M-120 520Q-140 740 -110 940"), 24, 0.16).fold(
      at("M130 540Q150 760 120 940"),
      24,
      0.14,
    );
    s.shine(at("M0 500L10 940"), 40);
  };
  return { draw, detail: [110, 300, 420] };
}

/** An envelope clutch with a gold snap; from behind, its zip and wrist strap. */
export function clutch(): Garment {
  const draw = (s: Sketch, view: View) => {
    s.cloth(at(rect(-330, 420, 660, 420, 26)));
    if (view === "back") {
      s.seam(at("M-300 452L300 452"), 6).solid(
        at("M300 440L316 440L316 500L300 500Z"),
        s.colours.notion,
      );
      s.solid(
        at("M330 470C470 470 470 760 330 760L330 728C430 728 430 502 330 502Z"),
        DARK_LEATHER,
      );
      s.shine(at("M-260 520Q0 560 260 520"), 40);
      return;
    }
    s.shadow(at("M-330 440Q0 430 330 440L40 728Q0 748 -40 728Z"), 0.3);
    s.cloth(at("M-330 440Q0 424 330 440L36 712Q0 734 -36 712Z"), {
      shift: [70, -40],
      shadow: false,
    });
    s.stitch(at("M-296 458L0 712L296 458"));
    s.button(0, 690, 18, "#d4a017");
    s.shine(at("M-240 760Q0 780 240 760"), 30);
  };
  return { draw, detail: [0, 420, 420], printScale: 0.7 };
}

/** A bow tie, laid with its neck band looped behind it. */
function bowTie(s: Sketch, cy: number, k: number) {
  const y = (v: number) => cy + (v - 600) * k;
  const x = (v: number) => v * k;
  const wing = `M0 ${y(600)}C${x(40)} ${y(560)} ${x(120)} ${y(470)} ${x(290)} ${y(450)}Q${x(330)} ${y(600)} ${x(290)} ${y(750)}C${x(120)} ${y(730)} ${x(40)} ${y(640)} 0 ${y(600)}Z`;
  s.cloth(both(wing));
  s.fold(
    both(`M${x(60)} ${y(600)}L${x(270)} ${y(560)}M${x(60)} ${y(610)}L${x(270)} ${y(650)}`),
    16 * k,
    0.2,
  );
  s.cloth(at(rect(x(-52), y(542), x(104), 116 * k, 22 * k)), { shift: [40, 20] });
  s.seam(at(`M${x(-30)} ${y(560)}L${x(-20)} ${y(640)}M${x(30)} ${y(560)}L${x(20)} ${y(640)}`), 2.5);
}

export function bowTieGarment(): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "back") {
      bust(s, [0, 220, 620], { collar: true });
      bowTie(s, 600, 0.36);
      return;
    }
    s.cloth(at("M-40 540Q-70 260 0 250Q70 260 40 540L14 540Q40 290 0 286Q-40 290 -14 540Z"), {
      shift: [20, 0],
    });
    bowTie(s, 620, 1);
  };
  return { draw, detail: [0, 430, 400], printScale: 0.6 };
}

/** A pair of fabric drop earrings on gold hooks. */
function earring(s: Sketch, x0: number, y0: number, k: number) {
  const p = (x: number, y: number) => `${x0 + x * k} ${y0 + y * k}`;
  for (const side of [1, -1] as const) {
    s.raw(
      `<path d="${at(`M${p(0, -70)}Q${p(0, -120)} ${p(30, -120)}Q${p(56, -116)} ${p(50, -80)}`, side)}" fill="none" stroke="#c9a227" stroke-width="${6 * k}" stroke-linecap="round"/>`,
    );
    s.raw(
      `<path d="${at(`M${p(0, -70)}L${p(0, -20)}`, side)}" stroke="#c9a227" stroke-width="${5 * k}"/>`,
    );
    const drop = `M${p(0, -20)}C${p(80, 80)} ${p(100, 190)} ${p(100, 250)}C${p(100, 330)} ${p(50, 390)} ${p(0, 390)}C${p(-50, 390)} ${p(-100, 330)} ${p(-100, 250)}C${p(-100, 190)} ${p(-80, 80)} ${p(0, -20)}Z`;
    s.cloth(at(drop, side));
    s.raw(`<path d="${at(drop, side)}" fill="none" stroke="#c9a227" stroke-width="${7 * k}"/>`);
  }
}

export function earrings(): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "back") {
      bust(s, [0, 120, 560]);
      earring(s, 118, 380, 0.46);
      return;
    }
    earring(s, 170, 420, 1);
  };
  return { draw, detail: [170, 300, 400], printScale: 0.5 };
}

/** Three print-wrapped bangles with gold rims: scattered, or stacked as they are worn. */
export function bangles(): Garment {
  const ring = (cx: number, cy: number, rx: number, ry: number, t: number) =>
    `${ellipse(cx, cy, rx, ry)}${ellipse(cx, cy, rx - t, ry - t * (ry / rx))}`;
  const draw = (s: Sketch, view: View) => {
    const rings =
      view === "front"
        ? [
            [-130, 480, 210, 210],
            [140, 520, 210, 210],
            [0, 760, 210, 210],
          ]
        : [
            [0, 700, 260, 96],
            [0, 640, 260, 96],
            [0, 580, 260, 96],
          ];
    rings.forEach(([cx, cy, rx, ry], i) => {
      const t = view === "front" ? 56 : 44;
      // Stacked, each bangle shows its side as a darker band below its top.
      if (view === "back")
        s.cloth(at(ring(cx!, cy! + 26, rx!, ry!, t)), { shift: [i * 90, i * 50], shade: 0.35 });
      s.cloth(at(ring(cx!, cy!, rx!, ry!, t)), { shift: [i * 90, i * 50] });
      s.raw(
        `<path d="${at(`${ellipse(cx!, cy!, rx!, ry!)}${ellipse(cx!, cy!, rx! - t, ry! - t * (ry! / rx!))}`)}" fill="none" stroke="#c9a227" stroke-width="7"/>`,
      );
    });
  };
  return { draw, detail: [-60, 240, 460], printScale: 0.55 };
}

/** A pleated face mask with ear loops. */
function mask(s: Sketch, cx: number, cy: number, k: number, loops: boolean) {
  const p = (x: number, y: number) => `${cx + x * k} ${cy + y * k}`;
  if (loops) {
    const loop = both(`M${p(270, -120)}C${p(350, -170)} ${p(370, 140)} ${p(270, 120)}`);
    s.extent.push(loop);
    s.raw(`<path d="${loop}" fill="none" stroke="#f5f0e6" stroke-width="${10 * k}"/>`);
  }
  s.cloth(
    at(
      `M${p(-280, -130)}Q${p(0, -210)} ${p(280, -130)}L${p(290, 120)}Q${p(0, 220)} ${p(-290, 120)}Z`,
    ),
  );
  for (const y of [-60, 0, 60]) {
    s.fold(at(`M${p(-270, y + 10)}Q${p(0, y - 40)} ${p(270, y + 10)}`), 12 * k, 0.28);
    s.seam(at(`M${p(-276, y)}Q${p(0, y - 50)} ${p(276, y)}`), 2.5 * k);
  }
  s.stitch(at(`M${p(-262, -110)}Q${p(0, -184)} ${p(262, -110)}`));
}

export function faceMask(): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "back") {
      bust(s, [0, 120, 560]);
      mask(s, 0, 382, 0.36, false);
      return;
    }
    mask(s, 0, 600, 1, true);
  };
  return { draw, detail: [0, 360, 440], printScale: 0.7 };
}

/** A head wrap, tied high on the mannequin; from the other view, folded. */
export function headWrap(): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "back") {
      folded(s, 280, 260, 900);
      return;
    }
    bust(s, [0, -10, 720]);
    s.cloth(sym("M0 250Q70 236 124 262Q176 190 160 110Q130 24 0 20"));
    s.cloth(at("M-10 210Q-110 120 -60 60Q20 40 30 150Q30 200 -10 210Z"), { shift: [40, 20] });
    s.cloth(at("M10 212Q120 140 90 70Q20 40 -10 150Q-20 200 10 212Z"), { shift: [80, 40] });
    s.fold(at("M-130 200Q0 150 130 200M-150 140Q0 80 150 140"), 18, 0.2);
    s.shine(at("M-120 110Q-40 70 40 80"), 30);
  };
  return { draw, detail: [0, 20, 440] };
}

/** A long scarf, folded; worn, looped once round the neck. */
export function scarf(): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "front") {
      folded(s, 230, 180, 980, { fringe: true });
      return;
    }
    bust(s, [0, 120, 800]);
    s.cloth(at("M-60 860L60 860L70 1140L-50 1150Z"), { shift: [30, 0] });
    s.seam(at(fringe(-50, 66, 1146, 40, 12)), 3);
    s.cloth(at("M-150 560Q0 660 150 560L160 640Q0 740 -160 640Z"));
    s.cloth(at("M-30 600L90 610L120 1040L0 1050Z"), { shift: [60, 30] });
    s.seam(at(fringe(0, 120, 1048, 44, 12)), 3);
    s.cloth(at("M-120 520Q0 580 120 520L140 590Q0 660 -140 590Z"), { shift: [10, 40] });
    s.fold(at("M-110 560Q0 620 110 560M20 660L60 1000"), 16, 0.2);
  };
  return { draw, detail: [0, 180, 460] };
}
