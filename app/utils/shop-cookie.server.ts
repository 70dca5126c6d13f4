import { type Cookie, type CookieOptions, createCookie } from "react-router";

/**
 * A cookie of the shop's own: http-only and SameSite=Lax unless told otherwise. Served over
 * https, the pipeline marks it Secure as it leaves (server/secure-cookies.ts).
 */
export function shopCookie(name: string, options: CookieOptions = {}): Cookie {
  return createCookie(name, { httpOnly: true, sameSite: "lax", path: "/", ...options });
}
