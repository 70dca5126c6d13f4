/**
 * CSRF protection (see docs/decisions): a state-changing request from a browser must come from
 * our own origin. Browsers send `Origin` on every POST (else `Referer`); a request with neither,
 * or from another site, is refused. The server names the exempt paths: the payment providers'
 * notifications (they carry no authority, they only make us ask the provider for a status) and
 * the JSON checkout API, which takes only application/json, a type no cross-site form can send.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: {
  method: string;
  path: string;
  origin?: string | null;
  referer?: string | null;
  /** The origins this shop answers on: its PUBLIC_URL and the Host the request was sent to. */
  allowedOrigins: string[];
  /** Paths whose requests carry no authority a cross-site sender could borrow. */
  isExempt: (path: string) => boolean;
}): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.isExempt(request.path)) return false;
  const source = request.origin && request.origin !== "null" ? request.origin : request.referer;
  if (!source) return true;
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    return true;
  }
  return !request.allowedOrigins.includes(origin);
}
