import type { CategoryId } from "~/terms/categories";
import { randomFrom } from "../media/african-print";
import { SIZE_SETS, sizeSetFor } from "./sizes";

/**
 * The sample catalogue that ships with the shop: 181 products, ids 101 to 281, in every category
 * but homedecor, generated deterministically so every install (and every test) sees the same shop.
 */
export type SampleProduct = {
  id: string;
  name: string;
  description: string;
  details: string;
  category: CategoryId;
  price: number;
  originalPrice: number | null;
  sizes: string[];
  imageCount: number;
  isFeatured: boolean;
  inStock: boolean;
  /**
   * Pieces on the shelf per size ('' for a product without sizes), or null for a piece made to
   * order, whose stock is not tracked.
   */
  stock: Record<string, number> | null;
};

export const SAMPLE_FIRST_ID = 101;
export const SAMPLE_LAST_ID = 281;
export const SAMPLE_MIN_PRICE = 600;
export const SAMPLE_MAX_PRICE = 6500;

type CategoryPlan = {
  category: CategoryId;
  count: number;
  styles: string[];
  noun: string;
  price: [number, number];
  blurb: string[];
};

const PLAN: CategoryPlan[] = [
  {
    category: "dresses",
    count: 25,
    styles: [
      "Maxi",
      "Midi",
      "Wrap",
      "A-Line",
      "Off-Shoulder",
      "Mermaid",
      "Shift",
      "Peplum",
      "Flare",
    ],
    noun: "Dress",
    price: [2800, 6500],
    blurb: [
      "cut to flatter and made to be noticed, from Sunday service to a Saturday wedding",
      "with a fitted bodice and a skirt that moves when you do",
      "in a breathable wax print that holds its colour wash after wash",
    ],
  },
  {
    category: "kimonos",
    count: 12,
    styles: ["Long", "Short", "Belted", "Fringed", "Beach"],
    noun: "Kimono",
    price: [2200, 4800],
    blurb: [
      "an easy layer over jeans or a slip dress, light enough for Mombasa evenings",
      "with wide sleeves and a soft drape that suits every shape",
    ],
  },
  {
    category: "jumpsuits",
    count: 10,
    styles: ["Wide-Leg", "Belted", "Halter", "Palazzo", "Wrap"],
    noun: "Jumpsuit",
    price: [3200, 6000],
    blurb: [
      "one piece, no planning: dress it up with heels or down with sandals",
      "with deep pockets and a tie waist for an easy, tailored fit",
    ],
  },
  {
    category: "masaai-shukas",
    count: 12,
    styles: ["Checked", "Striped", "Plaid", "Classic", "Fringed"],
    noun: "Shuka",
    price: [900, 2600],
    blurb: [
      "the thick, warm cotton blanket of the Rift Valley, for the shoulders, the sofa or a picnic in the park",
      "woven in bold checks, as useful as it is beautiful",
    ],
  },
  {
    category: "kids-wear",
    count: 15,
    styles: ["Party", "Twirl", "Dungaree", "Playtime", "Sunday"],
    noun: "Outfit",
    price: [1200, 3200],
    blurb: [
      "soft on young skin and tough enough for the playground",
      "so the little ones can match the grown-ups at the family gathering",
    ],
  },
  {
    category: "accessories",
    count: 15,
    styles: [
      "Head Wrap",
      "Tote Bag",
      "Clutch",
      "Bow Tie",
      "Scarf",
      "Earrings",
      "Bangle Set",
      "Face Mask",
    ],
    noun: "",
    price: [600, 2800],
    blurb: [
      "the quickest way to add a print to any outfit",
      "finished by hand in our Nairobi workshop",
    ],
  },
  {
    category: "tops",
    count: 12,
    styles: ["Peplum", "Crop", "Off-Shoulder", "Tunic", "Bardot"],
    noun: "Top",
    price: [1500, 3500],
    blurb: [
      "pairs with jeans for the office and with a skirt for the weekend",
      "with a relaxed fit and a print that does all the talking",
    ],
  },
  {
    category: "skirts",
    count: 12,
    styles: ["Pleated", "Pencil", "Maxi", "Flare", "Wrap"],
    noun: "Skirt",
    price: [1800, 4200],
    blurb: [
      "with an elasticated waist at the back for comfort all day",
      "that swings beautifully and has pockets, of course",
    ],
  },
  {
    category: "trousers",
    count: 10,
    styles: ["Palazzo", "Cigarette", "Harem", "Wide-Leg", "Cropped"],
    noun: "Trousers",
    price: [2000, 4200],
    blurb: [
      "cut high at the waist and easy through the leg",
      "that turn a plain top into an outfit",
    ],
  },
  {
    category: "blazers",
    count: 10,
    styles: ["Tailored", "Oversized", "Cropped", "Single-Button", "Longline"],
    noun: "Blazer",
    price: [3500, 6500],
    blurb: [
      "fully lined and sharply tailored, for the boardroom and beyond",
      "to wear over a plain dress for an instant statement",
    ],
  },
  {
    category: "tshirts",
    count: 10,
    styles: ["Pocket", "Trim", "Panel", "Ringer", "Graphic"],
    noun: "T-Shirt",
    price: [1000, 2200],
    blurb: [
      "a soft cotton tee finished with a print panel",
      "for everyday wear with a little Kenyan flair",
    ],
  },
  {
    category: "sandals",
    count: 12,
    styles: ["Slide", "Strappy", "Beaded", "Flat", "Gladiator", "Loafer"],
    noun: "Sandals",
    price: [1500, 4000],
    blurb: [
      "with a cushioned leather sole and print straps, made by Kenyan shoemakers",
      "comfortable from the matatu stage to the dance floor",
    ],
  },
  {
    category: "ponchos",
    count: 8,
    styles: ["Fringed", "Hooded", "Wrap", "Cape"],
    noun: "Poncho",
    price: [2500, 4500],
    blurb: ["for cool Nairobi mornings: throw it on and go", "warm, light and easy to pack"],
  },
  {
    category: "hoodies-trench",
    count: 8,
    styles: ["Hoodie", "Trench Coat", "Zip Hoodie", "Bomber"],
    noun: "",
    price: [3000, 6200],
    blurb: [
      "print-lined for a flash of colour every time it moves",
      "for the long rains, with a print that brightens grey days",
    ],
  },
  {
    category: "men-wear",
    count: 10,
    styles: ["Dashiki Shirt", "Kaunda Suit", "Short-Sleeve Shirt", "Kanzu Set", "Bomber Jacket"],
    noun: "",
    price: [2500, 6500],
    blurb: [
      "tailored for the modern Kenyan man, from the office to the wedding",
      "in a crisp cotton print with a clean collar and real buttons",
    ],
  },
];

const PRINTS = [
  "Ankara",
  "Kitenge",
  "Kente",
  "Kikoi",
  "Dashiki",
  "Adinkra",
  "Bogolan",
  "Shweshwe",
  "Batik",
  "Kanga",
];
const NAMES = [
  "Zawadi",
  "Amani",
  "Neema",
  "Baraka",
  "Imani",
  "Jua",
  "Pwani",
  "Malaika",
  "Nyota",
  "Tausi",
  "Zuri",
  "Sifa",
  "Kito",
  "Upendo",
  "Furaha",
  "Subira",
  "Wanjiru",
  "Akinyi",
  "Njeri",
  "Savannah",
  "Lamu",
  "Naivasha",
  "Kilifi",
  "Tana",
  "Mara",
];
const FABRICS = [
  "100% cotton wax print",
  "cotton kitenge",
  "cotton with a satin-finish print",
  "hand-woven cotton",
  "cotton and linen blend",
];

const roundTo50 = (n: number) => Math.round(n / 50) * 50;

export function sampleCatalogue(): SampleProduct[] {
  const products: SampleProduct[] = [];
  const usedNames = new Set<string>();
  let id = SAMPLE_FIRST_ID;
  for (const plan of PLAN) {
    for (let i = 0; i < plan.count; i++, id++) {
      const rng = randomFrom(`sample-${id}`);
      const style = plan.styles[i % plan.styles.length]!;
      // Names are drawn until unused; a style that names a print ("Dashiki Shirt") gets another.
      let name = "";
      let print = "";
      do {
        print = rng.pick(PRINTS.filter((p) => !style.includes(p)));
        name = [rng.pick(NAMES), print, style, plan.noun].filter(Boolean).join(" ");
      } while (usedNames.has(name));
      usedNames.add(name);
      const [low, high] = plan.price;
      // The catalogue's extremes are pinned so the range is exactly 600 to 6500.
      const price =
        plan.category === "accessories" && i === 0
          ? SAMPLE_MIN_PRICE
          : plan.category === "dresses" && i === 0
            ? SAMPLE_MAX_PRICE
            : roundTo50(low + rng.next() * (high - low));
      const onSale = i % 4 === 1;
      const set = sizeSetFor(plan.category, i);
      const fabric = FABRICS[(id + i) % FABRICS.length]!;
      products.push({
        id: String(id),
        name,
        description: `A ${print} ${[style, plan.noun].filter(Boolean).join(" ").toLowerCase()} ${plan.blurb[i % plan.blurb.length]}. Each piece is cut from ${fabric} in Nairobi, so no two are exactly alike.`,
        details: `Material: ${fabric}. Care: cold wash with mild detergent, no bleach; air dry or low tumble dry; iron on the reverse. Made in Kenya.`,
        category: plan.category,
        price,
        originalPrice: onSale ? roundTo50(price * (1.15 + rng.next() * 0.2)) : null,
        sizes: set ? [...SIZE_SETS[set]] : [],
        imageCount: 1 + ((id * 5 + i) % 3),
        isFeatured: i % 6 === 0 || (plan.category === "dresses" && i % 4 === 2),
        inStock: i % 11 !== 7,
        stock: sampleStock(`${id}`, i, set ? [...SIZE_SETS[set]] : [""]),
      });
    }
  }
  return products;
}

/**
 * Realistic stock, drawn apart from the other fields so they stay as they were: about one
 * product in seven is made to order (untracked); a few are sold out in every size; otherwise most
 * sizes hold 2 to 12 pieces, some none and some a single one-off.
 */
function sampleStock(id: string, i: number, sizes: string[]): Record<string, number> | null {
  if (i % 7 === 3) return null;
  const rng = randomFrom(`stock-${id}`);
  const soldOut = Number(id) % 29 === 7;
  return Object.fromEntries(
    sizes.map((size) => {
      const r = rng.next();
      const n = soldOut || r < 0.07 ? 0 : r < 0.17 ? 1 : 2 + Math.floor(rng.next() * 11);
      return [size, n];
    }),
  );
}
