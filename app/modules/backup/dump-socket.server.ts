import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { logger } from "~/utils/logger.server";
import { BackupError } from "./backup-error";

/**
 * Only one process may open a PGlite data folder, so a backup taken while the shop runs asks the
 * running server for the dump. It answers on a Unix socket in the data folder, readable by its
 * owner only: only someone who could read the data folder anyway can ask, and nothing listens on
 * the network (docs/decisions: backups).
 */
export const dumpSocketPath = (dataDir: string) => path.join(dataDir, "backup.sock");

// Unix socket paths are limited to about 108 bytes.
const MAX_SOCKET_PATH = 100;

/** Serves `GET /database` (a gzipped data-folder tarball) until the returned function is called. */
export async function serveDatabaseDumps(
  dataDir: string,
  dump: () => Promise<Blob>,
): Promise<() => Promise<void>> {
  const socket = dumpSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    logger.warn(
      { socket },
      "DATA_DIR is too long a path for the backup socket: stop the server to take a backup",
    );
    return async () => {};
  }
  // Left by a server that was killed; this process holds the database lock, so it is not in use.
  fs.rmSync(socket, { force: true });
  const server = http.createServer(async (req, res) => {
    if (req.method !== "GET" || req.url !== "/database") {
      res
        .writeHead(404, { "Content-Type": "text/plain" })
        .end("Only GET /database is served here.");
      return;
    }
    try {
      const started = Date.now();
      const blob = await dump();
      logger.info({ bytes: blob.size, ms: Date.now() - started }, "database dumped for a backup");
      res.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": blob.size });
      await pipeline(Readable.fromWeb(blob.stream() as never), res);
    } catch (error) {
      logger.error({ err: error }, "database dump for a backup failed");
      if (!res.headersSent) {
        res
          .writeHead(500, { "Content-Type": "text/plain" })
          .end(`The running server could not dump its database: ${(error as Error).message}`);
      } else {
        res.destroy();
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socket, { force: true });
  };
}

/** Asks the server that holds `dataDir`'s database for a dump and writes it to `file`. */
export function requestDatabaseDump(dataDir: string, file: string): Promise<void> {
  const socket = dumpSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: socket, path: "/database", agent: false }, (res) => {
      if (res.statusCode !== 200) {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          reject(new BackupError(text || `The server answered ${res.statusCode}.`)),
        );
        return;
      }
      pipeline(res, fs.createWriteStream(file)).then(resolve, reject);
    });
    request.on("error", (error) => {
      reject(
        new BackupError(
          `The database in ${dataDir} is in use by a running server, which did not answer on ${socket} (${(error as NodeJS.ErrnoException).code ?? error.message}). Restart the shop with this version, or stop it, and try again.`,
        ),
      );
    });
  });
}
