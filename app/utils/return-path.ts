const BASE = "http://shop.invalid";

/**
 * Where to send the browser after a form post: a path of this shop, or the fallback. The value is
 * resolved as a browser would resolve it and its origin compared, rather than its first
 * characters checked: browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example`
 * is `//evil.example`, another site. The answer is the resolved path, so what is checked is what
 * the browser follows.
 */
export function safeReturnPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  // Dot segments can leave a path that starts with two slashes (`/.//evil.example` resolves to
  // `//evil.example`): as a Location, that is another site.
  if (url.origin !== BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
