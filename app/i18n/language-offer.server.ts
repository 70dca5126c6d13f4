import { languageToOffer, pathLanguage, switchHref } from "~/utils/language";
import { DICTIONARIES } from "./messages";

/**
 * What the home page says to a shopper who reads the other language better (their earlier choice,
 * else their browser's `Accept-Language`): in that language, with the switch. The words come from
 * the server, so neither language's script carries the other's.
 */
export function languageOffer(request: Request) {
  const language = pathLanguage(new URL(request.url).pathname);
  const offered = languageToOffer(language, {
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
  });
  if (!offered) return null;
  const words = DICTIONARIES[offered];
  return {
    language: offered,
    text: words.languageOffer,
    action: words.languageOfferAction,
    href: switchHref(offered, "/"),
  };
}
