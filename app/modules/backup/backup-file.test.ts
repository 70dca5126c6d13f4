import { describe, expect, test } from "vitest";
import { backupFileName, isBackupManifest } from "./backup-file";

describe("backup files", () => {
  test("are named for the UTC moment they were taken, so they sort by time", () => {
    expect(backupFileName(new Date("2026-03-04T05:06:07.890Z"))).toBe(
      "amani-20260304-050607.tar.gz",
    );
    const names = ["2026-12-31T23:59:59Z", "2027-01-01T00:00:00Z", "2026-02-01T10:00:00Z"].map(
      (t) => backupFileName(new Date(t)),
    );
    expect([...names].sort()).toEqual([names[2], names[0], names[1]]);
  });

  test("a manifest is recognised only when it is this shop's, in a version it knows", () => {
    const manifest = {
      format: "amani-shop-backup",
      version: 1,
      createdAt: "2026-03-04T05:06:07.890Z",
      database: "pglite",
      media: "included",
    };
    expect(isBackupManifest(manifest)).toBe(true);
    expect(isBackupManifest({ ...manifest, version: 2 })).toBe(false);
    expect(isBackupManifest({ ...manifest, database: "mysql" })).toBe(false);
    expect(isBackupManifest(null)).toBe(false);
  });
});
