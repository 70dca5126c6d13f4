import type { IncomingMessage } from "node:http";

/**
 * The address a request comes from, as the server saw it: X-Forwarded-For counts only as far as
 * TRUST_PROXY says (a number of proxies or their addresses). server/app.ts writes it into this
 * header for the app, replacing any copy a client sent.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

/** Express middleware: passes Express's `req.ip` (which applies `trust proxy`) to the app. */
export function recordClientAddress(
  req: IncomingMessage & { ip?: string },
  _res: unknown,
  next: () => void,
) {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
  next();
}

export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}
