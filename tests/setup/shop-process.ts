import { type ChildProcess, spawn } from "node:child_process";

const MAIN = "tests/setup/shop-process-main.ts";

/** Settings a test's shop process must not inherit from the shell that runs the tests. */
const NOT_INHERITED = /^(DATABASE_URL|DATA_DIR|S3_|AT_|SMTP_URL|MAIL_FROM|OWNER_|ADMIN_)/;

/**
 * Starts a shop process (tests/setup/shop-process-main.ts, booted as the server boots) with the
 * given settings, on the Node running the tests. `ready()` waits for its boot; `stop()` sends
 * SIGTERM and answers the exit code.
 */
export function startShopProcess(env: Record<string, string>) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !NOT_INHERITED.test(name)),
  );
  // tsx as a loader in this one process: its command line would run the shop in a child of its
  // own, which a SIGKILL to the command would leave running.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { ...inherited, LOG_LEVEL: "warn", SEED_SAMPLE_CATALOGUE: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the process has booted; rejects if it exits first or takes too long. */
    async ready(timeoutMs = 120_000) {
      const end = Date.now() + timeoutMs;
      while (!/^ready$/m.test(output)) {
        if (gone) throw new Error(`The shop process exited while starting:\n${output}`);
        if (Date.now() > end) throw new Error(`The shop process did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      if (!gone) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (!gone) child.kill("SIGKILL");
      return exited;
    },
  };
}

export type ShopProcess = ReturnType<typeof startShopProcess>;
