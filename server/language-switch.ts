import type express from "express";
import { isLanguage, LANGUAGE_COOKIE, pathIn } from "~/utils/language";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * `GET /language/{en|sw}?path=/shop?category=dresses`: the language switch in the header and
 * footer, a plain link so it works without JavaScript. Remembers the choice for a year (the home
 * page then offers nothing else) and sends the shopper to the same page in that language, its
 * filters kept; the cart is the same in both. Only a path on this shop is followed.
 */
export const languageSwitch: express.RequestHandler = (req, res) => {
  const language = req.params.language;
  if (!isLanguage(language)) {
    res.status(404).type("text/plain").send("This shop speaks English (en) and Kiswahili (sw).");
    return;
  }
  res.setHeader(
    "Set-Cookie",
    `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly`,
  );
  res.setHeader("Cache-Control", "no-store");
  res.redirect(303, pathIn(language, ownPath(req.query.path)));
};

/** The page to return to: a path on this shop (at most 2,000 characters), else the home page. */
function ownPath(given: unknown): string {
  if (typeof given !== "string" || given.length > 2000 || !given.startsWith("/")) return "/";
  try {
    const url = new URL(given, "http://shop.invalid");
    if (url.origin !== "http://shop.invalid") return "/";
    return url.pathname + url.search;
  } catch {
    return "/";
  }
}
