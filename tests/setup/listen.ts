import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";

/**
 * Serves `app` on a free local port. Idle sockets stay open longer than fetch's own (4 s): under
 * load the server's 5 s default can fire first, closing a socket just as the next request reuses
 * it, and the test sees a read ECONNRESET no real client of the shop would.
 */
export async function listenLocally(
  app: express.Express,
): Promise<{ base: string; server: Server; close: () => void }> {
  const server = app.listen(0, "127.0.0.1");
  server.keepAliveTimeout = 30_000;
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, server, close: () => server.close() };
}
