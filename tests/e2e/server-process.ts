import { spawn } from "node:child_process";
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
