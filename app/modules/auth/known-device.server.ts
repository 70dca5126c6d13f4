import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A device that signed in to an account before: an HttpOnly cookie holding a random name and its
 * signature with the auth secret, bound to the account's email. While strangers guess at the
 * account from many addresses, such a device is still let in on its own allowance (the login
 * throttle), so nobody can lock the owner out of the phone or laptop they always use.
 */
export const DEVICE_COOKIE = "shop_device";
const YEAR_SECONDS = 365 * 86_400;

const sign = (secret: string, email: string, name: string) =>
  createHmac("sha256", secret).update(`${email.toLowerCase()}|${name}`).digest("base64url");

/** The device's name when the request carries a good cookie for `email`, else null. */
export function knownDevice(request: Request, email: string, secret: string): string | null {
  const cookies = request.headers.get("cookie") ?? "";
  const raw = cookies
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const [name, signature] = (raw ?? "").split(".");
  if (!name || !signature || !/^[\w-]{16,64}$/.test(name)) return null;
  const expected = Buffer.from(sign(secret, email, name));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? name : null;
}

/** The Set-Cookie value that marks this device as one that signed in to `email`. */
export function rememberDevice(email: string, secret: string, secure: boolean) {
  const name = randomBytes(18).toString("base64url");
  return [
    `${DEVICE_COOKIE}=${name}.${sign(secret, email, name)}`,
    "Path=/login",
    `Max-Age=${YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
