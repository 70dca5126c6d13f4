/**
 * Dresses, skirts, trousers, jumpsuits, tops and children's clothes, laid flat. Most are shown
 * on a dress form in their second photo; trousers and dungarees turn round to show their back.
 */
import { scallops } from "./shapes";
import { at, both, type Garment, type Sketch, sym, type View } from "./sketch";

export type DressCut = {
  hem: number;
  width: number;
  cut: "flare" | "mermaid" | "shift";
  neck: "scoop" | "v" | "off";
  tie?: boolean;
};

export function dress(o: DressCut): Garment {
  const draw = (s: Sketch) => {
    const { hem, width } = o;
    const neck =
      o.neck === "off"
        ? "M0 214Q110 206 212 184L262 262L210 298L168 268"
        : `${o.neck === "v" ? "M0 330L76 118" : "M0 212Q52 206 76 118"}L186 146L260 262L205 300L166 252`;
    const body =
      o.cut === "shift"
        ? `Q178 400 188 560L${width} ${hem}Q${width / 2} ${hem + 14} 0 ${hem + 16}`
        : o.cut === "mermaid"
          ? `Q150 380 126 470Q172 600 150 720Q128 860 158 910Q${width - 60} 1010 ${width} ${hem}Q${width / 2} ${hem + 26} 0 ${hem + 30}`
          : `Q150 380 126 470C168 640 ${width - 50} ${hem - 300} ${width} ${hem}Q${width / 2} ${hem + 28} 0 ${hem + 30}`;
    s.cloth(sym(neck + body));
    if (o.neck === "off") {
      s.shadow(at("M-215 250Q0 270 215 250L215 275Q0 292 -215 275Z"), 0.18);
      s.cloth(at(`M-222 176Q0 200 222 176L230 246${scallops(230, -230, 250, 9, 20)}Z`), {
        shift: [40, 30],
      });
    } else {
      s.stitch(o.neck === "v" ? both("M0 306L84 130") : both("M0 230Q55 224 86 126"));
    }
    s.stitch(both("M248 252L195 290"));
    if (o.cut !== "shift") s.seam(at("M-126 470Q0 484 126 470"));
    if (o.cut !== "shift") s.seam(both("M64 476L60 392"), 2.5);
    const hemStitch = o.cut === "shift" ? hem + 22 : hem + 42;
    s.stitch(at(`M${-width + 16} ${hem - 12}Q0 ${hemStitch} ${width - 16} ${hem - 12}`));
    // The skirt's folds fall from the waist and spread towards the hem.
    s.fold(both(`M40 520Q60 ${hem * 0.7} ${width * 0.3} ${hem - 10}`), 18, 0.16);
    s.fold(both(`M100 510Q140 ${hem * 0.68} ${width * 0.72} ${hem - 6}`), 22, 0.18);
    s.shine(both(`M70 540Q100 ${hem * 0.7} ${width * 0.5} ${hem - 30}`));
    if (o.neck === "v") s.seam(at("M0 330Q-60 420 -126 472"));
    if (o.tie) {
      s.cloth(at("M128 470L158 480L204 700L172 708Z"), { shift: [60, 0] });
      s.cloth(at("M132 478L150 484L122 690L94 682Z"), { shift: [20, 40] });
      s.cloth(at("M112 458Q150 448 168 470Q160 500 120 498Q104 480 112 458Z"), { shift: [90, 10] });
    }
  };
  return { draw, detail: [0, 90, 560], form: { shoulders: 132 } };
}

export type SkirtCut = {
  hem: number;
  width: number;
  pleats?: boolean;
  wrap?: boolean;
};

export function skirt(o: SkirtCut): Garment {
  const draw = (s: Sketch) => {
    const { hem, width } = o;
    s.cloth(sym(`M0 246L168 246Q200 420 ${width} ${hem}Q${width / 2} ${hem + 34} 0 ${hem + 38}`));
    // The waistband is cut across the print.
    s.cloth(sym("M0 170L160 170L168 248L0 248"), { shift: [70, 0] });
    s.stitch(at("M-158 184L158 184")).stitch(at("M-164 234L164 234"));
    s.button(0, 208, 12);
    if (o.pleats) {
      for (let i = 1; i <= 5; i++) {
        const x = (i * 160) / 6;
        s.seam(both(`M${x} 250L${(x / 168) * width} ${hem + 20 - i * 3}`), 2.5);
        s.fold(both(`M${x + 8} 260L${(x / 168) * width + 10} ${hem}`), 14, 0.14);
      }
    } else {
      s.fold(both(`M60 270Q90 ${hem * 0.6} ${width * 0.34} ${hem}`), 20, 0.17);
      s.fold(both(`M130 270Q170 ${hem * 0.6} ${width * 0.76} ${hem - 8}`), 22, 0.18);
      s.shine(both(`M95 300Q130 ${hem * 0.6} ${width * 0.55} ${hem - 30}`));
    }
    if (o.wrap) {
      s.seam(at(`M-60 250Q-20 ${hem * 0.6} ${width * 0.45} ${hem + 22}`), 3.5);
      s.cloth(at("M-120 236L-84 240L-70 470L-100 474Z"), { shift: [40, 0] });
      s.cloth(at("M-104 240L-88 242L-140 450L-166 440Z"), { shift: [10, 30] });
    }
    s.stitch(at(`M${-width + 18} ${hem - 10}Q0 ${hem + 50} ${width - 18} ${hem - 10}`));
  };
  // On the form, the waistband sits at its waist.
  return { draw, detail: [0, 130, 420], form: { shoulders: -176 } };
}

export type TrouserCut = {
  hem: number;
  /** Half-widths of the leg's outer and inner edges at the hem. */
  outer: number;
  inner: number;
  crotch?: number;
  /** Harem trousers balloon at the knee. */
  balloon?: boolean;
};

/** A pair of trousers from `top`, scaled by `k` (a suit's trousers are laid smaller). */
export function trouserPaths(o: TrouserCut, top = 150, k = 1) {
  const y = (v: number) => top + (v - 150) * k;
  const x = (v: number) => v * k;
  const crotch = y(o.crotch ?? 520);
  const hip = o.balloon
    ? `Q${x(300)} ${y(560)} ${x(280)} ${y(820)}Q${x(262)} ${y(o.hem - 80)} ${x(o.outer)} ${y(o.hem)}`
    : `Q${x(222)} ${y(420)} ${x(236)} ${y(600)}L${x(o.outer)} ${y(o.hem)}`;
  const innerLeg = o.balloon
    ? `L${x(o.inner)} ${y(o.hem)}Q${x(40)} ${y(800)} ${x(18)} ${crotch + 20 * k}`
    : `L${x(o.inner)} ${y(o.hem)}L${x(20)} ${crotch + 20 * k}`;
  return {
    body: sym(`M0 ${y(205)}L${x(192)} ${y(205)}${hip}${innerLeg}Q${x(8)} ${crotch} 0 ${crotch}`),
    band: sym(`M0 ${y(150)}L${x(190)} ${y(150)}L${x(192)} ${y(207)}L0 ${y(207)}`),
    y,
    x,
  };
}

export function trousers(o: TrouserCut): Garment {
  const draw = (s: Sketch, view: View) => {
    if (view === "back") return hungFolded(s, o);
    const { body, band, y, x } = trouserPaths(o);
    s.cloth(body).cloth(band, { shift: [80, 0] });
    s.stitch(at("M-182 164L182 164")).stitch(at("M-186 194L186 194"));
    for (const bx of [-150, -60, 60, 150]) s.seam(at(`M${bx} 150L${bx} 210`), 5);
    const mid = (o.outer + o.inner) / 2;
    const crotch = o.crotch ?? 520;
    s.stitch(at(`M30 210L30 ${crotch - 90}Q30 ${crotch - 56} 2 ${crotch - 46}`));
    s.seam(at(`M0 207L0 ${crotch}`), 3);
    s.seam(both("M118 208Q150 262 200 300"), 3);
    s.button(0, 178, 11);
    // A pressed crease down the front of each leg.
    s.seam(both(`M${x(105)} ${y(240)}L${x(mid)} ${y(o.hem - 10)}`), 2);
    s.fold(
      both(`M${mid - 10} ${crotch + 80}Q${mid + 10} ${(crotch + o.hem) / 2} ${mid} ${o.hem - 40}`),
      20,
      0.16,
    );
    s.shine(both(`M${mid + 40} ${crotch + 60}L${(o.outer * 2 + o.inner) / 3} ${o.hem - 50}`));
    s.stitch(both(`M${o.inner + 12} ${o.hem - 16}L${o.outer - 10} ${o.hem - 16}`));
  };
  return { draw, detail: [40, 120, 420] };
}

/**
 * The trousers folded along their crease and hung from a clip hanger: seen from the side, the
 * seat curves out at the back and the leg falls straight to the hem.
 */
function hungFolded(s: Sketch, o: TrouserCut) {
  const leg = (o.outer - o.inner) / 2;
  const hem = o.hem + 20;
  const front = o.balloon
    ? `Q200 600 170 860Q${leg + 30} ${hem - 120} ${leg} ${hem}`
    : `Q126 480 ${Math.max(leg, 110)} 700L${leg} ${hem}`;
  // Up the back from the hem, round the seat to the waist.
  const back = o.balloon
    ? `Q${-leg - 30} ${hem - 120} -170 860C-230 760 -230 420 -112 196`
    : "L-150 660C-196 540 -196 380 -112 196";
  s.raw(
    `<path d="${at("M0 150L0 112Q0 70 32 68Q64 70 62 100")}" fill="none" stroke="#8b8680" stroke-width="8" stroke-linecap="round"/>`,
  );
  s.solid(at("M-160 146L160 146L160 166L-160 166Z"), "#7a5436");
  s.cloth(at(`M-112 196L102 204${front}L${-leg} ${hem}${back}Z`));
  s.cloth(at("M-114 196L102 204L104 250L-118 244Z"), { shift: [80, 0] });
  for (const x of [-118, 88])
    s.solid(at(`M${x} 158L${x + 30} 158L${x + 30} 214L${x} 214Z`), "#8b8680");
  s.stitch(at("M-112 210L100 218")).stitch(at("M-114 236L102 242"));
  s.seam(at(`M-6 252Q4 ${hem * 0.55} 0 ${hem}`), 2.5);
  s.seam(at("M-150 300L-60 312"), 7);
  s.fold(at(`M60 300Q80 ${hem * 0.6} 70 ${hem - 30}`), 22, 0.16);
  s.shine(at(`M-80 400Q-90 ${hem * 0.6} -70 ${hem - 40}`));
  s.stitch(at(`M${-leg + 10} ${hem - 16}L${leg - 10} ${hem - 16}`));
}

export type JumpsuitCut = { halter?: boolean; wrap?: boolean };

export function jumpsuit(o: JumpsuitCut): Garment {
  const draw = (s: Sketch) => {
    const neck = o.halter
      ? "M0 250Q30 200 40 110L92 110Q110 200 172 262"
      : `M0 ${o.wrap ? 330 : 240}Q40 210 86 112L138 112L174 262`;
    s.cloth(sym(`${neck}Q160 380 140 480Q176 560 236 650L292 1096L66 1096L22 640Q10 612 0 608`));
    // Tied belt at the waist, cut across the print.
    s.cloth(at("M-150 462Q0 478 150 462L152 500Q0 516 -152 500Z"), { shift: [50, 0] });
    s.cloth(at("M30 474L60 486L92 700L62 706Z"), { shift: [80, 20] });
    s.cloth(at("M40 484L56 490L26 690L0 684Z"), { shift: [30, 60] });
    s.cloth(at("M16 460Q48 452 70 470Q62 504 22 502Q8 482 16 460Z"), { shift: [100, 0] });
    if (o.wrap) s.seam(at("M0 330Q-60 410 -140 472"));
    else s.stitch(both(o.halter ? "M0 270Q26 220 36 130" : "M0 258Q36 228 82 128"));
    s.seam(at("M0 500L0 612"), 3);
    s.fold(both("M150 680Q170 880 200 1080"), 22, 0.18);
    s.fold(both("M70 700Q80 900 90 1080"), 18, 0.14);
    s.shine(both("M110 690Q125 880 140 1070"));
    s.stitch(both("M78 1080L282 1080"));
  };
  return { draw, detail: [0, 300, 420], form: { shoulders: 122 } };
}

export type TopCut = { neck: "scoop" | "off" | "keyhole"; hem: "peplum" | "crop" | "tunic" };

/** A woman's top: flutter sleeves, or off the shoulder with a ruffle, a peplum or a long tunic. */
export function top(o: TopCut): Garment {
  const draw = (s: Sketch) => {
    const upper =
      o.neck === "off"
        ? "M0 250Q120 242 222 226L288 318L222 352L178 330"
        : `M0 ${o.neck === "keyhole" ? 180 : 226}Q52 218 84 140L178 160C236 200 304 300 326 374Q252 402 184 352L170 332`;
    const lower =
      o.hem === "peplum"
        ? "Q152 450 138 590Q200 640 262 730Q130 762 0 766"
        : o.hem === "crop"
          ? "Q158 450 154 640Q80 650 0 652"
          : "Q176 520 186 920L0 930";
    s.cloth(sym(upper + lower));
    if (o.neck === "off") {
      s.cloth(at(`M-232 218Q0 244 232 218L242 300${scallops(242, -242, 304, 10, 22)}Z`), {
        shift: [40, 30],
      });
    } else {
      s.stitch(both("M0 242Q56 234 92 150"));
      s.stitch(both("M318 358Q252 384 190 340"));
    }
    if (o.hem === "peplum") {
      s.seam(at("M-138 590Q0 604 138 590"));
      s.fold(both("M60 604Q90 680 120 748"), 16, 0.18).fold(
        both("M150 604Q190 660 220 736"),
        16,
        0.18,
      );
    } else {
      s.fold(
        both(`M70 420Q90 ${o.hem === "tunic" ? 700 : 560} 110 ${o.hem === "tunic" ? 900 : 630}`),
        20,
        0.16,
      );
    }
    if (o.hem === "tunic") s.seam(both("M186 920L182 820"), 3);
    if (o.neck === "keyhole") {
      s.shadow(at("M0 182Q-14 220 0 262Q14 220 0 182Z"), 0.5);
      s.button(0, 176, 10);
    }
    s.shine(both("M120 380Q135 470 130 560"));
  };
  return { draw, detail: [0, 110, 460], form: { shoulders: 150 } };
}

export type TeeStyle = "pocket" | "trim" | "panel" | "graphic";

/** A plain cotton tee finished with the print: a pocket, trims, a chest panel or a badge. */
export function tee(style: TeeStyle): Garment {
  const draw = (s: Sketch) => {
    const { plain } = s.colours;
    const neckY = 196;
    const body = sym(
      `M0 ${neckY}Q52 ${neckY - 6} 90 132L192 152L302 300L226 352L202 322L206 892Q104 900 0 902`,
    );
    s.solid(body, plain);
    if (style === "panel") {
      s.defs.push(`<clipPath id="tee"><path d="${body}"/></clipPath>`);
      s.raw(`<g clip-path="url(#tee)">`)
        .cloth(at("M-260 380L260 380L260 560L-260 560Z"), { shadow: false })
        .raw("</g>");
      s.stitch(at("M-206 392L206 392")).stitch(at("M-206 548L206 548"));
    }
    const trims = style === "trim" || style === "panel";
    const band = at(
      `M-90 132Q-52 ${neckY - 6} 0 ${neckY}Q52 ${neckY - 6} 90 132L74 126Q48 ${neckY - 26} 0 ${neckY - 22}Q-48 ${neckY - 26} -74 126Z`,
    );
    if (trims) s.cloth(band, { shift: [30, 0] });
    else s.solid(band, plain);
    s.seam(at(`M-74 140Q-46 ${neckY - 4} 0 ${neckY + 2}Q46 ${neckY - 4} 74 140`), 2);
    for (const side of [1, -1] as const) {
      const cuff = at("M302 300L226 352L214 334L288 284Z", side);
      if (trims) s.cloth(cuff, { shift: [50, 20] });
      else s.stitch(at("M286 304L222 346", side), "#1c1917");
    }
    if (style === "pocket") {
      s.cloth(at("M50 300L140 300L140 398Q95 414 50 398Z"), { shift: [60, 40] });
      s.stitch(at("M56 318L134 318"));
    }
    if (style === "graphic") {
      s.cloth(
        at(
          "M0 300C70 300 110 350 110 420C110 490 70 540 0 540C-70 540 -110 490 -110 420C-110 350 -70 300 0 300Z",
        ),
      );
    }
    s.stitch(at("M-196 872L196 872"), "#1c1917");
    s.fold(both("M90 420Q110 640 100 870"), 22, 0.14).shine(both("M150 360Q170 600 160 860"));
  };
  return { draw, detail: [0, 110, 460], form: { shoulders: 144 } };
}

/** A child's party dress: puff sleeves, a round collar, a full short skirt and a sash. */
export function kidsDress(): Garment {
  const draw = (s: Sketch) => {
    s.cloth(
      sym(
        `M0 206Q44 202 60 176L150 194C238 164 300 290 206 334L146 300Q150 400 132 470C200 600 300 760 340 880Q170 918 0 920`,
      ),
    );
    s.solid(both("M2 206Q40 204 62 174L92 184Q100 240 56 252Q20 254 2 226Z"), "#fffaf3", {
      shadow: false,
    });
    s.seam(both("M162 202Q200 250 204 330"), 2.5).seam(both("M196 236Q224 270 226 316"), 2.5);
    s.cloth(at("M-134 456Q0 472 134 456L138 504Q0 520 -138 504Z"), { shift: [60, 0] });
    s.cloth(both("M0 478Q60 424 92 452Q90 506 0 492Z"), { shift: [20, 30] });
    s.cloth(at("M-6 488L20 492L60 640L36 648Z"), { shift: [80, 10] });
    s.cloth(at("M-14 470Q0 462 14 470L14 498Q0 506 -14 498Z"), { shift: [0, 40] });
    s.fold(both("M60 530Q110 700 150 890"), 20, 0.18).fold(
      both("M170 520Q230 700 290 880"),
      22,
      0.18,
    );
    s.shine(both("M110 540Q160 700 220 880"));
    s.stitch(at("M-322 870Q0 950 322 870"));
  };
  // A child's dress form, smaller than a grown-up's.
  return { draw, detail: [0, 150, 460], form: { shoulders: 190, scale: 0.7 } };
}

/** A child's dungarees over a plain tee. */
export function dungarees(): Garment {
  const draw = (s: Sketch, view: View) => {
    s.solid(
      sym("M0 190Q36 188 56 160L140 176L222 282L170 320L150 300L152 560L0 566"),
      s.colours.plain,
    );
    s.seam(both("M56 168Q40 196 0 200"), 2.5);
    const bibTop = view === "back" ? 420 : 300;
    s.cloth(
      sym(`M0 ${bibTop}L112 ${bibTop}L116 480Q150 500 176 540L230 860L36 872L14 640Q8 620 0 618`),
    );
    for (const side of [1, -1] as const) {
      const strap =
        view === "back"
          ? "M140 170L178 182L70 430L34 424Z"
          : `M78 180L116 180L112 ${bibTop + 20}L76 ${bibTop + 20}Z`;
      s.cloth(at(strap, side), { shift: [40, 20] });
      if (view === "front") s.button(94 * side, bibTop + 16, 12);
    }
    s.stitch(at(`M-100 ${bibTop + 12}L100 ${bibTop + 12}`));
    s.seam(at("M-118 480Q0 492 118 480"), 3);
    if (view === "front") {
      s.cloth(at("M-62 340L62 340L62 420L-62 420Z"), { shift: [40, 50] });
      s.stitch(at("M-54 352L54 352"));
      s.seam(both("M120 488Q130 540 180 560"), 3);
    } else {
      for (const side of [1, -1] as const)
        s.cloth(at("M40 540L140 536L142 640Q92 660 44 644Z", side), { shift: [50, 30] });
    }
    s.seam(at("M0 492L0 618"), 3);
    s.fold(both("M130 650Q150 760 160 850"), 18, 0.16);
    s.stitch(both("M44 850L222 844"));
  };
  return { draw, detail: [0, 160, 420] };
}
