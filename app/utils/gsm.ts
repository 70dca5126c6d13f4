/**
 * SMS length in the GSM 03.38 default alphabet: one part holds 160 characters, and the extension
 * characters (^ { } \ [ ~ ] | €) take two each. A text with any other character goes as UCS-2,
 * 70 to a part, so the shop's texts stay within GSM-7.
 */
const BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const EXTENSION = "^{}\\[~]|€\f";

/** The text's length in GSM-7 septets, or null when it needs another alphabet. */
export function gsmLength(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (BASIC.includes(char)) length += 1;
    else if (EXTENSION.includes(char)) length += 2;
    else return null;
  }
  return length;
}

export const fitsOneSms = (text: string) => {
  const length = gsmLength(text);
  return length !== null && length <= 160;
};

/**
 * How many parts the SMS goes in: one of 160 septets, or, for a longer text, parts of 153 (each
 * carries a header that joins them on the phone); null when the text is not GSM-7.
 */
export function smsParts(text: string): number | null {
  const length = gsmLength(text);
  if (length === null) return null;
  return length <= 160 ? 1 : Math.ceil(length / 153);
}

/** Letters an SMS cannot carry, made plain (names typed with accents or curly quotes). */
export function toGsm(text: string): string {
  return [...text.normalize("NFKD")]
    .map((c) =>
      gsmLength(c) !== null ? c : c === "’" || c === "‘" ? "'" : /\p{M}/u.test(c) ? "" : "?",
    )
    .join("");
}

/**
 * The owner's note as an SMS carries it: one line, letters an SMS cannot carry made plain, and no
 * closing punctuation (the SMS ends it with its own full stop).
 */
export const smsNote = (note: string) =>
  toGsm(note.replace(/\s+/g, " ").trim()).replace(/[.,;:]$/, "");
