import fs from "node:fs";
import path from "node:path";
import { StartupError } from "~/utils/startup-error";

/**
 * PGlite has no lock between processes: two processes opening one folder silently diverge.
 * We hold a lock file with our process id; a lock whose process is gone (killed, crashed) is stale
 * and taken over, so an unclean stop never blocks the next start.
 */
export class DatabaseLockedError extends StartupError {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquirePgliteLock(dir: string): () => void {
  const file = path.join(dir, "shop.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The database in ${dir} is in use by another process (pid ${pid}). Stop that process first, or set DATABASE_URL to use PostgreSQL, which many processes can share.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not take the database lock in ${dir}.`);
}
