/** Jackets (blazer, trench, bomber, hoodie), kimonos and ponchos, laid flat or on a dress form. */
import { fringe, ribs } from "./shapes";
import { at, both, type Garment, type Sketch, sym, type View } from "./sketch";

export type JacketCut = {
  hem: number;
  /** Half-width at the hem. */
  width?: number;
  front: "lapels" | "zip" | "hood";
  /** Where the lapels meet (the top button). */
  closeAt?: number;
  double?: boolean;
  /** A belt at this height. */
  belt?: number;
  /** Ribbed cuffs and hem (a bomber or a hoodie). */
  rib?: boolean;
  pockets?: "flaps" | "patch" | "kangaroo" | "welt";
  short?: boolean;
};

/** A jacket's outline: long (or short) sleeves lying a little away from the body. */
export function jacketOutline(o: JacketCut, neckY: number) {
  const w = o.width ?? 214;
  const sleeve = o.short
    ? "L216 150Q244 166 250 214L304 420L226 446L204 336"
    : "L214 150Q244 166 250 220L316 770L238 788L204 336";
  return sym(
    `M0 ${neckY}Q52 ${neckY - 4} 86 112${sleeve}Q190 460 198 560L${w} ${o.hem}Q${w / 2} ${o.hem + 6} 0 ${o.hem + 8}`,
  );
}

/** Lapels (or a shirt collar when they close high) meeting at `closeAt`. */
function lapels(s: Sketch, closeAt: number) {
  // Between the lapels, the lining of the back.
  s.solid(at(`M-86 112L86 112L0 ${closeAt}Z`), "#2b2522", { shadow: false });
  const peak = Math.min(closeAt - 40, 290);
  for (const side of [1, -1] as const) {
    const lapel = at(
      `M86 112L132 126L152 ${peak - 40}L122 ${peak - 22}L182 ${peak}L10 ${closeAt + 4}L2 ${closeAt}Z`,
      side,
    );
    s.shadow(at(`M90 120L150 ${peak - 30}L190 ${peak + 10}L20 ${closeAt + 14}Z`, side), 0.25);
    s.cloth(lapel, { shift: [side * 24, 10], shadow: false });
    s.stitch(at(`M98 132L136 ${peak - 34}L170 ${peak + 4}L16 ${closeAt - 8}`, side));
  }
}

export function jacket(o: JacketCut): Garment {
  const draw = (s: Sketch, view: View) => {
    const dark = s.colours.print[3] === "#ffffff" ? "#1c1917" : s.colours.print[3]!;
    const neckY = view === "back" ? 140 : o.front === "lapels" ? 150 : 186;
    if (o.front === "hood") {
      // The hood lies flat behind the neck.
      s.cloth(at("M-156 236Q-190 40 0 28Q190 40 156 236Z"), { shift: [0, 20] });
      if (view === "front")
        s.cloth(at("M-96 120Q0 60 96 120L0 200Z"), { shade: 0.45, shadow: false });
    }
    const outline = jacketOutline(o, neckY);
    s.cloth(outline);
    const w = o.width ?? 214;
    const cuffY = o.short ? 432 : 778;
    if (o.rib) {
      for (const side of [1, -1] as const) {
        s.solid(at("M312 720L238 738L242 790L318 772Z", side), dark, { shadow: false });
        s.seam(at("M250 740L254 782M266 736L270 778M282 732L286 774M298 728L302 770", side), 2);
      }
      s.solid(
        at(`M${-w - 2} ${o.hem - 60}L${w + 2} ${o.hem - 60}L${w} ${o.hem + 8}L${-w} ${o.hem + 8}Z`),
        dark,
        {
          shadow: false,
        },
      );
      s.seam(at(ribs(-w, w, o.hem - 60, o.hem + 8, 14)), 2);
    } else {
      s.stitch(o.short ? both("M296 404L226 428") : both("M306 746L236 762"));
      s.stitch(at(`M${-w + 12} ${o.hem - 18}Q0 ${o.hem - 8} ${w - 12} ${o.hem - 18}`));
    }
    s.fold(both(`M176 350L184 ${o.hem - 40}`), 16, 0.2);
    s.fold(both(o.short ? "M226 250L262 360" : `M236 260L290 ${cuffY - 80}`), 18, 0.18);
    s.shine(both(`M120 ${o.front === "lapels" ? 460 : 300}Q130 ${o.hem * 0.7} 140 ${o.hem - 70}`));
    if (view === "back") {
      s.seam(at(`M0 ${neckY}L0 ${o.hem + 8}`), 3);
      s.seam(at(`M-86 112Q0 ${neckY + 30} 86 112`), 3);
      if (o.front === "lapels") s.seam(at(`M0 ${o.hem - 220}L0 ${o.hem}`), 5);
      if (o.belt) {
        const b = o.belt;
        s.cloth(at(`M${-w + 10} ${b}L${w - 10} ${b}L${w - 8} ${b + 52}L${-w + 8} ${b + 52}Z`), {
          shift: [40, 0],
        });
      }
      return;
    }
    const closeAt = o.closeAt ?? 470;
    if (o.front === "lapels") {
      lapels(s, closeAt);
      const cols = o.double ? [-56, 56] : [0];
      for (let y = closeAt + 20; y < Math.min(o.hem - 60, closeAt + 300); y += o.double ? 110 : 100)
        for (const x of cols) s.button(x, y, 13);
      s.seam(at(`M${o.double ? 90 : 22} ${closeAt + 10}L${o.double ? 92 : 24} ${o.hem + 4}`), 3);
    } else if (o.front === "zip") {
      s.solid(at("M-92 112Q0 150 92 112L96 150Q0 200 -96 150Z"), dark, { shadow: false });
      s.seam(at(ribs(-90, 90, 126, 180, 14)), 2);
      s.seam(at(`M0 ${neckY}L0 ${o.hem + 6}`), 5).stitch(both(`M12 ${neckY + 4}L12 ${o.hem - 64}`));
      s.solid(at("M-8 184L8 184L7 226L-7 226Z"), s.colours.notion, { shadow: false });
    } else {
      s.seam(both("M86 112Q40 170 0 200"), 3);
      for (const side of [1, -1] as const) {
        s.seam(at("M22 196Q26 290 18 360", side), 5);
        s.solid(at("M12 354L26 354L24 384L14 384Z", side), s.colours.notion, { shadow: false });
      }
    }
    if (o.belt) {
      const b = o.belt;
      s.cloth(at(`M${-w + 10} ${b}L${w - 10} ${b}L${w - 8} ${b + 52}L${-w + 8} ${b + 52}Z`), {
        shift: [40, 0],
      });
      s.solid(
        at(
          `M-38 ${b - 8}L38 ${b - 8}L38 ${b + 60}L-38 ${b + 60}ZM-24 ${b + 6}L24 ${b + 6}L24 ${b + 46}L-24 ${b + 46}Z`,
        ),
        s.colours.notion,
        {
          shadow: false,
        },
      );
      s.cloth(at(`M24 ${b + 6}L160 ${b + 8}L156 ${b + 46}L24 ${b + 46}Z`), {
        shift: [40, 0],
        shadow: false,
      });
      for (const side of [1, -1] as const)
        s.cloth(at("M150 128L226 152L220 180L146 158Z", side), { shift: [30, 0], shadow: false });
    }
    if (o.pockets === "flaps") {
      s.cloth(
        both(`M88 ${closeAt + 150}L196 ${closeAt + 146}L198 ${closeAt + 190}L90 ${closeAt + 194}Z`),
        {
          shift: [20, 30],
          shadow: false,
        },
      );
      s.seam(at("M84 320L164 306"), 7);
    } else if (o.pockets === "patch") {
      s.cloth(both("M44 250L150 250L150 360Q98 374 44 360Z"), { shift: [30, 20], shadow: false });
      s.cloth(both("M40 236L154 236L154 276Q98 290 40 276Z"), { shift: [60, 0], shadow: false });
      s.cloth(both("M36 560L170 560L170 700Q104 716 36 700Z"), { shift: [30, 20], shadow: false });
      s.cloth(both("M32 544L174 544L174 590Q104 604 32 590Z"), { shift: [60, 0], shadow: false });
      for (const y of [262, 572]) s.button(97, y, 8).button(-97, y, 8);
    } else if (o.pockets === "kangaroo") {
      s.cloth(
        at(
          `M-130 ${o.hem - 250}L130 ${o.hem - 250}Q170 ${o.hem - 150} 170 ${o.hem - 66}L-170 ${o.hem - 66}Q-170 ${o.hem - 150} -130 ${o.hem - 250}Z`,
        ),
        {
          shift: [40, 40],
          shadow: false,
        },
      );
      s.stitch(both(`M126 ${o.hem - 236}Q152 ${o.hem - 160} 156 ${o.hem - 78}`));
    } else if (o.pockets === "welt") {
      s.seam(both(`M96 ${o.hem - 200}L172 ${o.hem - 236}`), 8);
    }
  };
  return {
    draw,
    detail: o.front === "lapels" ? [20, 90, 420] : o.front === "hood" ? [0, 20, 460] : [0, 80, 440],
    form: { shoulders: 126 },
  };
}

export type KimonoCut = { hem: number; belt?: boolean; fringed?: boolean };

/** Wide sleeves, an open front edged with a band, and (when belted) a sash. */
export function kimono(o: KimonoCut): Garment {
  const draw = (s: Sketch) => {
    const band = s.colours.print[3] === "#ffffff" ? s.colours.print[1]! : s.colours.print[3]!;
    s.cloth(sym(`M0 112L72 108L414 164L404 566L228 522L214 ${o.hem}L0 ${o.hem + 4}`));
    s.seam(both(`M222 154L228 522`), 3);
    s.fold(both("M300 200Q320 380 310 540"), 22, 0.2).shine(both("M360 190L352 540"));
    s.fold(both(`M150 520Q160 ${o.hem * 0.75} 150 ${o.hem - 20}`), 18, 0.16);
    // The open front: the inside of the back shows between the bands.
    s.cloth(at(`M-72 108L72 108L42 420L42 ${o.hem + 4}L-42 ${o.hem + 4}L-42 420Z`), {
      shade: 0.42,
      shadow: false,
    });
    s.solid(both(`M72 108L104 112L74 430L74 ${o.hem + 4}L42 ${o.hem + 4}L42 420Z`), band, {
      shadow: false,
    });
    s.stitch(both(`M66 130L60 ${o.hem - 10}`));
    if (o.belt) {
      s.cloth(at("M-214 560L214 560L214 604L-214 604Z"), { shift: [30, 0] });
      s.cloth(at("M60 580L92 590L140 820L108 826Z"), { shift: [50, 40] });
      s.cloth(at("M56 590L74 594L40 800L14 792Z"), { shift: [10, 70] });
    }
    if (o.fringed) {
      s.seam(both(`${fringe(20, 210, o.hem + 4, 50, 16)}`), 3);
      s.seam(
        both(
          "M232 530L226 582M258 537L252 589M284 544L278 596M310 551L304 603M336 558L330 610M362 564L356 616M388 568L382 620",
        ),
        3,
      );
    }
  };
  return { draw, detail: [0, 60, 480], form: { shoulders: 120 } };
}

export type PonchoCut = { hood?: boolean; fringed?: boolean; pointed?: boolean };

/** A wide cape falling from a roll collar (or a hood), fringed or plain at the hem. */
export function poncho(o: PonchoCut): Garment {
  const draw = (s: Sketch) => {
    const hem = o.pointed ? "L430 820Q250 900 0 1010" : "L430 860Q220 900 0 904";
    if (o.hood) s.cloth(at("M-140 250Q-176 70 0 58Q176 70 140 250Z"), { shift: [0, 30] });
    s.cloth(sym(`M0 ${o.hood ? 170 : 196}Q56 192 92 140Q230 200 330 430${hem}`));
    if (!o.hood) {
      s.cloth(at("M-100 112Q0 80 100 112L100 170Q0 206 -100 170Z"), { shift: [30, 0] });
      s.seam(at("M-100 128Q0 100 100 128M-100 150Q0 120 100 150"), 2);
    } else {
      s.cloth(at("M-92 140Q0 90 92 140L0 210Z"), { shade: 0.45, shadow: false });
    }
    s.fold(both("M120 230Q200 500 250 850"), 24, 0.18).fold(
      both("M50 260Q70 560 80 880"),
      18,
      0.14,
    );
    s.shine(both("M180 300Q260 520 330 800"));
    if (o.fringed) {
      s.seam(
        o.pointed ? both(`${fringeAlong(430, 820, 0, 1010)}`) : at(fringe(-430, 430, 880, 56, 16)),
        3,
      );
    } else {
      s.stitch(o.pointed ? both("M410 812Q240 886 0 990") : at("M-412 852Q0 900 412 852"));
    }
  };
  return { draw, detail: [0, 60, 460], form: { shoulders: 150 } };
}

/** Fringe threads along a sloping hem from (x0, y0) to (x1, y1). */
function fringeAlong(x0: number, y0: number, x1: number, y1: number): string {
  let d = "";
  const n = 26;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t * t * 0.2 + (y1 - y0) * t * 0.8;
    d += `M${x} ${y - 6}L${x - 2} ${y + 44}`;
  }
  return d;
}
