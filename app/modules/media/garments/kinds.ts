/**
 * What each sample product is drawn as. A category has its own garment; a product whose name
 * says which style it is (a Kaunda suit among the men's wear, a clutch among the accessories)
 * gets that style's own drawing.
 */
import {
  bangles,
  bowTieGarment,
  clutch,
  earrings,
  faceMask,
  folded,
  headWrap,
  sandals,
  scarf,
  shuka,
  tote,
} from "./accessories";
import { dress, dungarees, jumpsuit, kidsDress, skirt, tee, top, trousers } from "./clothes";
import { dashiki, kanzu, kaundaSuit, shirt } from "./menswear";
import { jacket, kimono, poncho } from "./outerwear";
import type { Garment } from "./sketch";

const DRAWINGS = {
  dress: dress({ hem: 1010, width: 300, cut: "flare", neck: "scoop" }),
  "maxi-dress": dress({ hem: 1100, width: 320, cut: "flare", neck: "scoop" }),
  "mermaid-dress": dress({ hem: 1100, width: 300, cut: "mermaid", neck: "scoop" }),
  "shift-dress": dress({ hem: 980, width: 236, cut: "shift", neck: "scoop" }),
  "off-shoulder-dress": dress({ hem: 1040, width: 320, cut: "flare", neck: "off" }),
  "wrap-dress": dress({ hem: 1030, width: 310, cut: "flare", neck: "v", tie: true }),
  kimono: kimono({ hem: 1080 }),
  "short-kimono": kimono({ hem: 800 }),
  "belted-kimono": kimono({ hem: 1000, belt: true }),
  "fringed-kimono": kimono({ hem: 960, fringed: true }),
  jumpsuit: jumpsuit({}),
  "halter-jumpsuit": jumpsuit({ halter: true }),
  "wrap-jumpsuit": jumpsuit({ wrap: true }),
  shuka: shuka(),
  "kids-dress": kidsDress(),
  dungarees: dungarees(),
  "tote-bag": tote(),
  clutch: clutch(),
  "bow-tie": bowTieGarment(),
  earrings: earrings(),
  bangles: bangles(),
  "face-mask": faceMask(),
  "head-wrap": headWrap(),
  scarf: scarf(),
  top: top({ neck: "scoop", hem: "peplum" }),
  "crop-top": top({ neck: "scoop", hem: "crop" }),
  "off-shoulder-top": top({ neck: "off", hem: "crop" }),
  tunic: top({ neck: "keyhole", hem: "tunic" }),
  skirt: skirt({ hem: 980, width: 330 }),
  "pleated-skirt": skirt({ hem: 960, width: 300, pleats: true }),
  "pencil-skirt": skirt({ hem: 900, width: 200 }),
  "maxi-skirt": skirt({ hem: 1100, width: 320 }),
  "wrap-skirt": skirt({ hem: 960, width: 300, wrap: true }),
  trousers: trousers({ hem: 1096, outer: 300, inner: 52 }),
  "slim-trousers": trousers({ hem: 1080, outer: 196, inner: 84 }),
  "harem-trousers": trousers({ hem: 1060, outer: 176, inner: 80, crotch: 700, balloon: true }),
  "cropped-trousers": trousers({ hem: 920, outer: 262, inner: 60 }),
  blazer: jacket({ hem: 840, front: "lapels", pockets: "flaps" }),
  "cropped-blazer": jacket({ hem: 640, front: "lapels", closeAt: 420 }),
  "longline-blazer": jacket({ hem: 1000, width: 220, front: "lapels", pockets: "flaps" }),
  tshirt: tee("panel"),
  "pocket-tshirt": tee("pocket"),
  "trim-tshirt": tee("trim"),
  "graphic-tshirt": tee("graphic"),
  sandals: sandals("strappy"),
  slides: sandals("slide"),
  "beaded-sandals": sandals("beaded"),
  "thong-sandals": sandals("thong"),
  loafers: sandals("loafer"),
  poncho: poncho({ fringed: true, pointed: true }),
  "hooded-poncho": poncho({ hood: true }),
  cape: poncho({ fringed: true }),
  hoodie: jacket({ hem: 860, front: "hood", rib: true, pockets: "kangaroo" }),
  "zip-hoodie": jacket({ hem: 860, front: "zip", rib: true, pockets: "welt" }),
  "trench-coat": jacket({ hem: 1100, width: 250, front: "lapels", double: true, belt: 520 }),
  bomber: jacket({ hem: 800, front: "zip", rib: true, pockets: "welt" }),
  shirt: shirt(),
  dashiki: dashiki(),
  "kaunda-suit": kaundaSuit(),
  kanzu: kanzu(),
  fabric: { draw: (s) => folded(s, 300, 200, 980), detail: [0, 200, 460] },
} satisfies Record<string, Garment>;

export type GarmentKind = keyof typeof DRAWINGS;
export const GARMENTS: Record<GarmentKind, Garment> = DRAWINGS;

/** Each category's own garment, then styles named in a product's name, most specific first. */
const BY_CATEGORY: Record<string, [GarmentKind, [RegExp, GarmentKind][]]> = {
  dresses: [
    "dress",
    [
      [/maxi/i, "maxi-dress"],
      [/mermaid/i, "mermaid-dress"],
      [/shift/i, "shift-dress"],
      [/off.shoulder|bardot/i, "off-shoulder-dress"],
      [/wrap/i, "wrap-dress"],
    ],
  ],
  kimonos: [
    "kimono",
    [
      [/belted/i, "belted-kimono"],
      [/fringe/i, "fringed-kimono"],
      [/short|beach/i, "short-kimono"],
    ],
  ],
  jumpsuits: [
    "jumpsuit",
    [
      [/halter/i, "halter-jumpsuit"],
      [/wrap/i, "wrap-jumpsuit"],
    ],
  ],
  "masaai-shukas": ["shuka", []],
  "kids-wear": ["kids-dress", [[/dungaree|playtime|overall/i, "dungarees"]]],
  accessories: [
    "tote-bag",
    [
      [/clutch|purse/i, "clutch"],
      [/bow.?tie/i, "bow-tie"],
      [/earring/i, "earrings"],
      [/bangle|bracelet/i, "bangles"],
      [/mask/i, "face-mask"],
      [/head.?wrap|turban|dhuku/i, "head-wrap"],
      [/scarf|stole/i, "scarf"],
    ],
  ],
  tops: [
    "top",
    [
      [/crop/i, "crop-top"],
      [/off.shoulder|bardot/i, "off-shoulder-top"],
      [/tunic/i, "tunic"],
    ],
  ],
  skirts: [
    "skirt",
    [
      [/pleat/i, "pleated-skirt"],
      [/pencil/i, "pencil-skirt"],
      [/maxi/i, "maxi-skirt"],
      [/wrap/i, "wrap-skirt"],
    ],
  ],
  trousers: [
    "trousers",
    [
      [/cigarette|slim|skinny/i, "slim-trousers"],
      [/harem/i, "harem-trousers"],
      [/crop/i, "cropped-trousers"],
    ],
  ],
  blazers: [
    "blazer",
    [
      [/crop/i, "cropped-blazer"],
      [/longline|long/i, "longline-blazer"],
    ],
  ],
  tshirts: [
    "tshirt",
    [
      [/pocket/i, "pocket-tshirt"],
      [/trim|ringer/i, "trim-tshirt"],
      [/graphic/i, "graphic-tshirt"],
    ],
  ],
  sandals: [
    "sandals",
    [
      [/slide/i, "slides"],
      [/bead/i, "beaded-sandals"],
      [/flat|thong|flip/i, "thong-sandals"],
      [/loafer/i, "loafers"],
    ],
  ],
  ponchos: [
    "poncho",
    [
      [/hood/i, "hooded-poncho"],
      [/cape|wrap/i, "cape"],
    ],
  ],
  "hoodies-trench": [
    "hoodie",
    [
      [/trench|coat/i, "trench-coat"],
      [/bomber/i, "bomber"],
      [/zip/i, "zip-hoodie"],
    ],
  ],
  "men-wear": [
    "shirt",
    [
      [/kaunda|suit/i, "kaunda-suit"],
      [/kanzu/i, "kanzu"],
      // "Dashiki" is also a print's name: a short-sleeved shirt in it is still a shirt.
      [/short.sleeve/i, "shirt"],
      [/dashiki/i, "dashiki"],
      [/bomber|jacket/i, "bomber"],
    ],
  ],
};

/** The garment a product of `category` called `name` is drawn as. */
export function garmentKindFor(category: string, name = ""): GarmentKind {
  const entry = BY_CATEGORY[category];
  if (!entry) return "fabric";
  const [own, styles] = entry;
  return styles.find(([pattern]) => pattern.test(name))?.[1] ?? own;
}

/** Each category's own garment, whatever the product is called. */
export function categoryGarment(category: string): GarmentKind {
  return BY_CATEGORY[category]?.[0] ?? "fabric";
}
