import { redirectDocument } from "react-router";
import { type Language, pathIn, pathLanguage } from "~/utils/language";

/**
 * An order's pages are in the order's language, whichever language their link was opened in:
 * answered from the other language, they send the shopper to the same address in the order's, as
 * a whole page load (the other language has scripts of its own). Nothing when already there.
 */
export function toOrderLanguage(request: Request, language: Language, headers?: HeadersInit) {
  const url = new URL(request.url);
  if (language === pathLanguage(url.pathname)) return;
  const there = new URL(pathIn(language, url.pathname + url.search), url);
  throw redirectDocument(there.href, { headers });
}
