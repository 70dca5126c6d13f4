/**
 * The shop's Content-Security-Policy for HTML pages. Scripts run only from the shop itself or
 * with this response's nonce (React Router's and React's inline scripts carry it), so injected
 * markup cannot run code. Styles may be inline (style attributes, the toast library's <style>).
 * Images may be product photos kept at an outside https address, data: URLs, or blob: URLs (the
 * admin's previews of chosen photos; Chrome checks a preview that will not decode against
 * connect-src, hence blob: there too). form-action is left open on purpose: Chrome applies it to
 * the redirect after a post, and posts without JavaScript go on to Pesapal and WhatsApp.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
