/** Men's wear: a collared shirt, a dashiki, a kanzu with its cap, and the two-piece Kaunda suit. */
import { trouserPaths } from "./clothes";
import { jacket } from "./outerwear";
import { ellipse } from "./shapes";
import { at, both, type Garment, type Sketch, sym, type View } from "./sketch";

/** A short-sleeved shirt: collar, button placket, chest pocket, a yoke at the back. */
export function shirt(): Garment {
  const draw = (s: Sketch) => {
    const neckY = 172;
    s.cloth(
      sym(
        `M0 ${neckY}Q40 ${neckY - 4} 78 116L196 150L300 318L226 362L202 332L206 876C206 928 120 950 0 954`,
      ),
    );
    s.stitch(both("M284 322L222 350"));
    s.fold(both("M96 430Q104 660 96 900"), 20, 0.14).fold(both("M184 350L184 860"), 14, 0.2);
    s.shine(both("M150 380Q160 620 150 880"));
    s.seam(at("M-18 200L-18 954M18 200L18 954"), 2.5);
    for (let y = 244; y < 930; y += 96) s.button(0, y, 10);
    s.cloth(at("M60 300L168 300L168 414L114 432L60 414Z"), { shift: [46, 30], shadow: false });
    s.stitch(at("M66 318L162 318"));
    s.shadow(both("M10 180L90 128L136 150L70 250Z"), 0.28);
    s.cloth(both("M6 172L78 114Q120 118 134 136L64 236Z"), { shift: [20, 14], shadow: false });
    s.stitch(both("M20 176L80 128M118 140L66 220"));
  };
  return { draw, detail: [10, 100, 400], form: { shoulders: 128 } };
}

/** A loose dashiki: wide short sleeves and an embroidered panel round a V neck. */
export function dashiki(): Garment {
  const draw = (s: Sketch) => {
    const { plain, notion } = s.colours;
    s.cloth(sym(`M0 170Q50 162 90 112L232 140L340 372L240 412L222 380L228 930L0 934`));
    s.seam(both("M228 930L226 846"), 3).fold(both("M236 220L278 376"), 20, 0.18);
    s.fold(both("M110 420Q120 680 112 910"), 20, 0.14).shine(both("M170 400L176 900"));
    s.solid(at("M-160 124Q0 188 160 124L130 300Q70 330 0 420Q-70 330 -130 300Z"), plain, {
      shadow: false,
    });
    s.cloth(at("M-90 112Q0 150 90 112L0 310Z"), { shade: 0.5, shadow: false });
    // Embroidery round the neck.
    s.stitch(
      at("M-140 140Q-116 228 -118 290Q-60 318 0 396Q60 318 118 290Q116 228 140 140"),
      notion,
    );
    s.stitch(at("M-100 130L-14 300M100 130L14 300"), notion);
    let zig = "M-126 300";
    for (let i = 1; i <= 12; i++)
      zig += `L${-126 + i * 21} ${300 + (i % 2 ? 18 : 0) + (i < 7 ? i * 10 : (12 - i) * 10)}`;
    s.seam(at(zig), 3);
  };
  return { draw, detail: [0, 80, 420], form: { shoulders: 124 } };
}

const KOFIA = "#f3ede1";

/** A long kanzu with a tassel at the neck, and its embroidered cap (kofia) beside it. */
export function kanzu(): Garment {
  const draw = (s: Sketch) => {
    const { plain, notion } = s.colours;
    s.cloth(
      sym(
        `M0 158Q36 154 66 112L150 134Q178 150 184 204L290 704L224 722L160 330Q170 700 200 1110Q100 1120 0 1122`,
      ),
    );
    s.stitch(both("M282 684L222 700")).fold(both("M140 350Q150 720 172 1090"), 16, 0.2);
    s.fold(both("M70 300Q80 700 90 1100"), 20, 0.14).shine(both("M120 300Q130 700 140 1090"));
    s.solid(at("M-66 112Q0 170 66 112L72 130Q0 196 -72 130Z"), plain, { shadow: false });
    s.seam(at("M0 162L0 330"), 3);
    for (const y of [190, 240, 290]) s.button(0, y, 7);
    s.seam(at("M18 170Q30 260 24 420"), 4);
    s.solid(at("M14 414L34 414L40 480L8 480Z"), notion, { shadow: false });
    s.seam(at("M12 440L36 440M10 460L38 460"), 1.5);
    // The kofia: a short round cap, embroidered all over.
    s.solid(at("M294 104L426 104L430 200Q362 218 290 200Z"), KOFIA);
    s.solid(at(ellipse(360, 104, 66, 18)), KOFIA);
    for (const y of [130, 156, 182])
      s.stitch(at(`M294 ${y}Q362 ${y + 16} 428 ${y}`), s.colours.print[1]);
    s.seam(at("M300 118Q362 134 422 118"), 2);
  };
  return { draw, detail: [0, 80, 420], form: { shoulders: 124 } };
}

/** The Kaunda suit: a belted short-sleeved jacket with four patch pockets over its trousers. */
export function kaundaSuit(): Garment {
  const coat = jacket({
    hem: 720,
    width: 212,
    front: "lapels",
    closeAt: 250,
    belt: 470,
    pockets: "patch",
    short: true,
  });
  const draw = (s: Sketch, view: View) => {
    const { body, band } = trouserPaths({ hem: 1096, outer: 250, inner: 70 }, 610, 0.56);
    s.cloth(body, { shift: [130, 70] }).cloth(band, { shift: [80, 0] });
    s.seam(both("M70 1080L80 760"), 2).stitch(both("M44 1136L136 1136"));
    coat.draw(s, view);
  };
  return { draw, detail: [0, 120, 420] };
}
