import { spawn } from "node:child_process";
import net from "node:net";
import { expect } from "./fixtures";

/**
 * The built shop (`server.js`) in a process of its own, as production runs it, with the given
 * settings on top of the test run's environment. `ready()` waits until it says it is open.
 */
export function startServer(env: Record<string, string>, { readyWithinMs = 90_000 } = {}) {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async ready() {
      await expect.poll(() => output, { timeout: readyWithinMs }).toMatch(/is open on/);
    },
  };
}

/** A port free at this moment, as the operating system picks it, for a server a test starts. */
export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
