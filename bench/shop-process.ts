// The shop as production runs it (the built server.js on Node 24 from node_modules), in its own
// process, so that what is measured is that process: its answers, its memory, its start-up.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

export type ShopOptions = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Where the server's own output goes (it is shown when the server fails). */
  logFile: string;
};

export type Shop = {
  url: string;
  pid: number;
  /** Stops the server (SIGTERM) and waits until the process has gone. */
  stop(): Promise<void>;
};

const NODE = path.resolve("node_modules/.bin/node");
/**
 * Node's flags for the shop, as `npm run serve`, the Dockerfile and the systemd unit give them:
 * PGlite's WebAssembly stays on V8's baseline compiler (optimising all of it took 500 MB for two
 * seconds after every start), and the young generation stays at 16 MB a half.
 */
export const SERVER_FLAGS = ["--liftoff-only", "--max-semi-space-size=16"];

/** Starts the built shop; resolves once `/` answers 200, with the time that took. */
export async function startShop(options: ShopOptions): Promise<{ shop: Shop; readyMs: number }> {
  const url = `http://127.0.0.1:${options.port}`;
  const log = fs.openSync(options.logFile, "a");
  const started = performance.now();
  // Only what the shop needs: none of the shell's own shop settings (S3, Pesapal) leak in.
  const child = spawn(NODE, [...SERVER_FLAGS, "server.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      BENCH_HOOKS: "true",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const shop: Shop = { url, pid: child.pid ?? 0, stop: () => stop(child, exited) };
  try {
    await Promise.race([
      waitForPage(`${url}/`),
      exited.then((code) => {
        throw new Error(`The shop stopped (exit code ${code}) before answering.`);
      }),
    ]);
  } catch (error) {
    await shop.stop();
    const tail = fs.readFileSync(options.logFile, "utf8").split("\n").slice(-20).join("\n");
    throw new Error(`${(error as Error).message}\nThe server's last output:\n${tail}`);
  }
  return { shop, readyMs: performance.now() - started };
}

async function waitForPage(url: string, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s.`);
}

async function stop(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await exited;
}

/**
 * Resident memory of a process now, and its peak so far, in bytes (Linux), with where the resident
 * part is mapped: the program's files (Node and its libraries, shared with any other process
 * running them), the C heap (`malloc`'s main arena, `[heap]`), and the rest (V8's heap,
 * WebAssembly's memory, other threads' arenas).
 */
export function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1]);
  const where = { filesBytes: 0, cHeapBytes: 0 };
  let mapping = "";
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) mapping = header[1] ?? "";
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    if (mapping === "[heap]") where.cHeapBytes += Number(rss[1]) * 1024;
    else if (mapping.startsWith("/")) where.filesBytes += Number(rss[1]) * 1024;
  }
  return { rss: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024, ...where };
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, so the shop starts fresh there
 * as it does on a new PGlite folder; `drop` removes it.
 */
export async function createScratchDatabase(serverUrl: string) {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const [{ server_version: version }] = (await admin.query("show server_version")).rows;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version: String(version),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
