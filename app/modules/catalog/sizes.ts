/** The size sets of the sample catalogue (spec section 3). */
export const SIZE_SETS = {
  kids: ["2T", "3T", "4T", "5T", "6", "7", "8"],
  adult: ["S", "M", "L", "XL", "XXL"],
  oneSize: ["One Size"],
  mensShoes: ["40", "41", "42", "43", "44", "45"],
  womensSandals: ["36", "37", "38", "39", "40", "41"],
} as const;

export type SizeSetName = keyof typeof SIZE_SETS;

export const SIZE_SET_LABELS: Record<SizeSetName, string> = {
  kids: "Kids (2T to 8)",
  adult: "Adult (S to XXL)",
  oneSize: "One Size",
  mensShoes: "Men's shoes (40 to 45)",
  womensSandals: "Women's sandals (36 to 41)",
};

/** Which size set a category's products use; accessories and shukas carry no sizes. */
export function sizeSetFor(category: string, variant = 0): SizeSetName | null {
  switch (category) {
    case "accessories":
    case "masaai-shukas":
    case "homedecor":
      return null;
    case "kids-wear":
      return "kids";
    case "sandals":
      return variant % 2 === 0 ? "womensSandals" : "mensShoes";
    case "kimonos":
    case "ponchos":
      return variant % 3 === 0 ? "oneSize" : "adult";
    default:
      return "adult";
  }
}
