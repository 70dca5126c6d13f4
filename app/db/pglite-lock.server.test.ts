import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { acquirePgliteLock, DatabaseLockedError } from "./pglite-lock.server";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-lock-"));

test("a lock held by a live process makes a second opener fail fast with a clear message", () => {
  const dir = tempDir();
  // The test runner's parent process is alive and is not us.
  fs.writeFileSync(path.join(dir, "shop.lock"), String(process.ppid));
  expect(() => acquirePgliteLock(dir)).toThrow(DatabaseLockedError);
  expect(() => acquirePgliteLock(dir)).toThrow(/in use by another process \(pid \d+\)/);
});

test("a lock left by a dead process is taken over, and released on close", () => {
  const dir = tempDir();
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
  fs.writeFileSync(path.join(dir, "shop.lock"), String(dead));
  const release = acquirePgliteLock(dir);
  expect(fs.readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(false);
});
