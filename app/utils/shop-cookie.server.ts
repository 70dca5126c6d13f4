import { type Cookie, type CookieOptions, createCookie } from "react-router";
import { getEnv } from "./env.server";

/** Whether shoppers reach the shop over https, where every cookie must be Secure. */
const servedOverHttps = () => getEnv().PUBLIC_URL.startsWith("https:");

/**
 * A cookie of the shop's own: http-only and SameSite=Lax unless told otherwise, and Secure
 * whenever PUBLIC_URL is https. Secure is decided each time the cookie is written, not when
 * the module loads (createCookie reads its options once), so no cookie can forget it.
 */
export function shopCookie(name: string, options: CookieOptions = {}): Cookie {
  const cookie = createCookie(name, { httpOnly: true, sameSite: "lax", path: "/", ...options });
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    parse: (header, parseOptions) => cookie.parse(header, parseOptions),
    serialize: (value, serializeOptions) =>
      cookie.serialize(value, { secure: servedOverHttps(), ...serializeOptions }),
  };
}
